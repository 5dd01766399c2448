import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { SUPPORT_EMAIL } from '@portal/domain';
import { AppLink } from '../partner/AppLink.tsx';
import { BrandMark } from './BrandMark.tsx';
import { NotificationBanner } from './banner/NotificationBanner.tsx';
import classes from './PublicLayout.module.css';

/** Frame of the logged-out pages: header, main, footer landmarks. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box className={classes.root}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size="lg">
          <Group justify="space-between" h={64}>
            <Anchor component={AppLink} to="/" underline="never" c="inherit" aria-label="Product Hub home">
              <BrandMark />
            </Anchor>
            <Anchor component={AppLink} to="/login" fw={600}>
              Log in
            </Anchor>
          </Group>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size={wide ? 'lg' : 'sm'} py="xl">
          <Box mb="md">
            <NotificationBanner />
          </Box>
          {children}
        </Container>
      </main>
      <footer className={classes.footer}>
        <Container size="lg" py="md">
          <Text size="sm">
            Questions? Contact <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
          </Text>
        </Container>
      </footer>
    </Box>
  );
}
