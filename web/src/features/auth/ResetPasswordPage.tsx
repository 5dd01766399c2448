import { useState } from 'react';
import { useParams } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { MSG } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { resetPassword } from './auth-api.ts';
import { LoginLayout } from './LoginLayout.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

/** /reset-password/:token: set a new password from the e-mailed link. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (newPassword: string) => {
    setFailure(null);
    try {
      await resetPassword(token, newPassword);
      setChanged(true);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setFailure(error.message || MSG.resetLinkInvalid);
    }
  };

  return (
    <LoginLayout>
      {changed ? (
        <Page heading="Password changed">
          <Text role="status">Your password has been changed.</Text>
          <Anchor component={AppLink} to="/login">
            Log in
          </Anchor>
        </Page>
      ) : (
        <Page heading="Choose a new password">
          <NewPasswordForm submitLabel="Change password" busyLabel="Saving..." failure={failure} onSubmit={onSubmit} />
          {failure && (
            <Anchor component={AppLink} to="/reset-password">
              Request a new link
            </Anchor>
          )}
        </Page>
      )}
    </LoginLayout>
  );
}
