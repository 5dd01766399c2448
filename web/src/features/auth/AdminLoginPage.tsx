import { Anchor, Button, Divider } from '@mantine/core';
import { useResource } from '../../api/resource-cache.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { OIDC_LOGIN_URL } from '../../config/links.ts';
import { Page } from '../../ui/Page.tsx';
import { fetchAuthConfig } from './auth-api.ts';
import { LoginForm } from './LoginForm.tsx';
import { LoginLayout } from './LoginLayout.tsx';

/** /login/admin: local administrator accounts, or the configured identity provider. */
export function AdminLoginPage() {
  const { data: authConfig } = useResource('auth-config', fetchAuthConfig, Infinity);
  const oidc = authConfig?.oidc;
  return (
    <LoginLayout>
      <Page heading="Administrator login">
        {oidc?.enabled && (
          <>
            {/* A full page navigation: the identity provider's redirects are not fetchable. */}
            <Button component="a" href={OIDC_LOGIN_URL}>
              Continue with {oidc.name}
            </Button>
            <Divider label="or" labelPosition="center" />
          </>
        )}
        <LoginForm />
        <Anchor component={AppLink} to="/reset-password">
          Forgot your password?
        </Anchor>
      </Page>
    </LoginLayout>
  );
}
