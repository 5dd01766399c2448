import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { isAnyAdmin, titleCase } from '@portal/domain';
import { QueryScope } from '../../api/query-client.tsx';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerId } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { NotificationBanner } from '../../ui/banner/NotificationBanner.tsx';
import { VendorAuthorizationPrompt } from '../users/VendorAuthorizationPrompt.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { HeaderSearch } from '../search/HeaderSearch.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { SubNavigation } from './SubNavigation.tsx';
import classes from './LoggedInShell.module.css';

/** Header, sub-navigation and main area of every logged-in screen, with the signed-in pages' query cache. */
export function LoggedInShell({ children }: { children: ReactNode }) {
  return (
    <QueryScope>
      <Shell>{children}</Shell>
    </QueryScope>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const partnerId = usePartnerId();
  const user = useSignedInUser();
  const location = useLocation();
  // Signed in through a partner's page, the session's drafts go to that partner under its rules: a page without the
  // partner in its address moves under it, so the header names the partner whose rules apply (docs/decisions/intake.md).
  const sessionPartner = partnerId === null ? (user.sessionPartnerCompanyId ?? null) : null;
  const sessionPartnerConfig = usePartnerConfiguration(sessionPartner);
  const partner = usePartnerConfiguration(partnerId);
  // Part 1 section 2: a partner whose configuration fails to load is dropped.
  if (partnerId !== null && partner.isError) return <Navigate to="/" replace />;
  if (sessionPartner !== null && sessionPartnerConfig.data) {
    const { pathname, search, hash } = location;
    return <Navigate to={`/${sessionPartner}${pathname}${search}${hash}`} replace />;
  }
  // Until the partner is known to load (a failing one is dropped, and the page stays where it is).
  if (sessionPartner !== null && sessionPartnerConfig.isPending) return <FullPageLoader />;

  return (
    <Box className={classes.root}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size="xl">
          <Group justify="space-between" h={64} wrap="nowrap" gap="md">
            <Group gap="md" wrap="nowrap">
              <Anchor component={AppLink} to="/" underline="never" c="inherit" aria-label="Product Hub home">
                <BrandMark color="currentColor" />
              </Anchor>
              {partner.data && (
                <Text fw={600} visibleFrom="sm">
                  for {titleCase(partner.data.companyName)}
                </Text>
              )}
            </Group>
            <HeaderSearch staff={isAnyAdmin(user)} />
            <AccountMenu />
          </Group>
        </Container>
      </header>
      <SubNavigation />
      <VendorAuthorizationPrompt />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" py="lg">
          <Box mb="md">
            <NotificationBanner />
          </Box>
          {children}
        </Container>
      </main>
    </Box>
  );
}
