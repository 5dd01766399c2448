import type { ReactNode } from 'react';
import { Box, Card, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LOGIN_BREAKPOINT_PX, titleCase } from '@portal/domain';
import { usePartnerId } from '../../partner/partner-context.tsx';
import {
  partnerLogoUrl,
  usePartnerConfiguration,
  validColour,
  type PartnerConfiguration,
} from '../../partner/partner-configuration.ts';
import { readableTextOn } from '../../ui/colour-contrast.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { PublicLayout } from '../../ui/PublicLayout.tsx';
import { NotificationBanner } from '../../ui/banner/NotificationBanner.tsx';
import classes from './LoginLayout.module.css';

/**
 * Frame of the login and password pages: co-branded (part 2 section 2.1) when a
 * partner is set and known, the plain public frame otherwise.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  const partnerId = usePartnerId();
  const { data: config, isPending } = usePartnerConfiguration(partnerId);
  // Until the partner's frame is known nothing is shown: a form typed into now would be replaced (and emptied)
  // when the co-branded frame arrives.
  if (partnerId !== null && isPending) {
    return (
      <PublicLayout>
        <Center mih={200}>
          <Loader aria-label="Loading" />
        </Center>
      </PublicLayout>
    );
  }
  if (!config) {
    return (
      <PublicLayout>
        <Card withBorder padding="xl" maw={480} mx="auto">
          {children}
        </Card>
      </PublicLayout>
    );
  }
  return <CoBrandedLoginLayout config={config}>{children}</CoBrandedLoginLayout>;
}

function CoBrandedLoginLayout({ config, children }: { config: PartnerConfiguration; children: ReactNode }) {
  const narrow = useMediaQuery(`(max-width: ${LOGIN_BREAKPOINT_PX}px)`);
  const partner = titleCase(config.companyName);
  const primary = validColour(config.primaryColor, '#1e7a3f') as string;
  const logo = partnerLogoUrl(config);
  return (
    <Box
      className={classes.root}
      data-narrow={narrow || undefined}
      style={{ '--partner-primary': primary, '--partner-on-primary': readableTextOn(primary) }}
    >
      <header className={classes.brandPanel}>
        {logo ? (
          <Image src={logo} alt={`${partner} logo`} h={64} w="auto" fit="contain" />
        ) : (
          <Text fw={700} fz="xl">
            {partner}
          </Text>
        )}
      </header>
      <main id="main" tabIndex={-1} className={classes.formPanel}>
        <Stack maw={440} w="100%" gap="md">
          <NotificationBanner />
          {children}
          <Text size="sm">{partner} item intake</Text>
        </Stack>
      </main>
      <footer className={classes.footer}>
        <Text size="sm" component="span">
          Powered By
        </Text>
        <BrandMark color="#1e7a3f" />
      </footer>
    </Box>
  );
}
