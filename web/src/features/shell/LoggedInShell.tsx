import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { isAnyAdmin, titleCase } from '@portal/domain';
import { QueryScope } from '../../api/query-client.tsx';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerId } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
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
  const partner = usePartnerConfiguration(partnerId);
  const user = useSignedInUser();
  // Part 1 section 2: a partner whose configuration fails to load is dropped.
  if (partnerId !== null && partner.isError) return <Navigate to="/" replace />;

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
