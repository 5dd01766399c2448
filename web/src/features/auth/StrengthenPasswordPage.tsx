import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSession } from '../../session/session-context.tsx';
import { Page } from '../../ui/Page.tsx';
import { strengthenPassword } from './auth-api.ts';
import { LoginLayout } from './LoginLayout.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

const ATTEMPT_EXPIRED = 'Your login attempt has expired. Please log in again.';

/** /login/strengthen-password: a correct but weak password must be replaced before entering. */
export function StrengthenPasswordPage() {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [attemptExpired, setAttemptExpired] = useState(false);

  const onSubmit = async (newPassword: string) => {
    setFailure(null);
    try {
      // Like a login success: the guest-only route sends the user on.
      session.signIn(await strengthenPassword(newPassword));
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        setAttemptExpired(true);
        setFailure(ATTEMPT_EXPIRED);
      } else if (isApiError(error) && error.status === 400) {
        setFailure(error.message || MSG.passwordWeak);
      }
    }
  };

  return (
    <LoginLayout>
      <Page heading="Choose a stronger password">
        <Text>Your password no longer meets our requirements. Choose a new one to continue to your account.</Text>
        <NewPasswordForm submitLabel="Save and continue" busyLabel="Saving..." failure={failure} onSubmit={onSubmit} />
        {attemptExpired ? (
          <Anchor component={AppLink} to="/login">
            Back to login
          </Anchor>
        ) : null}
      </Page>
    </LoginLayout>
  );
}
