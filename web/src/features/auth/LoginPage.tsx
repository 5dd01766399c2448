import { Anchor, Button, Divider, Stack, Text } from '@mantine/core';
import { AppLink } from '../../partner/AppLink.tsx';
import { SIGN_UP_URL } from '../../config/links.ts';
import { Page } from '../../ui/Page.tsx';
import { LoginForm } from './LoginForm.tsx';
import { LoginLayout } from './LoginLayout.tsx';

/** /login: portal credentials. */
export function LoginPage() {
  return (
    <LoginLayout>
      <Page heading="Login with Product Hub portal credentials" title="Log in" compactHeading>
        <LoginForm />
        <Stack gap="xs">
          {/* Our own reset page stands in for the external single-sign-on page (docs/decisions/accounts.md). */}
          <Anchor component={AppLink} to="/reset-password">
            Forgot your password?
          </Anchor>
          <Text>
            Don't have an account? <Anchor href={SIGN_UP_URL}>Create one</Anchor>
          </Text>
        </Stack>
        <Divider />
        <Button component={AppLink} to="/login/admin" variant="outline">
          Log in as Administrator
        </Button>
      </Page>
    </LoginLayout>
  );
}
