import { Button, Container, Stack, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { Page } from '../ui/Page.tsx';

/** The route's error screen: a page whose code could not be loaded even after a reload (see lazy-load.ts). */
export function PageLoadError() {
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
