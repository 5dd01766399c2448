import { useState } from 'react';
import { useRouteError } from 'react-router';
import { Button, Container, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { Page } from '../ui/Page.tsx';
import { isMissingCodeError, reloadOnceForMissingCode } from './lazy-load.ts';

/**
 * The routes' error screen. A page whose code is gone (a deploy since the tab was opened) reloads the page once;
 * anything else, or the same failure again, says so instead of leaving a blank screen.
 */
export function PageLoadError() {
  const error = useRouteError();
  const [reloading] = useState(() => isMissingCodeError(error) && reloadOnceForMissingCode());
  if (reloading) return <FullPageLoader />;
  return (
    <Container py="xl">
      <Page heading="Page not available">
        <Stack align="flex-start">
          <Text role="alert">{MSG.pageLoadFailed}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Page>
    </Container>
  );
}
