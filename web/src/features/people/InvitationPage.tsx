import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { PEOPLE_MSG } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { LoginLayout } from '../auth/LoginLayout.tsx';
import { NewPasswordForm } from '../auth/NewPasswordForm.tsx';
import { acceptInvitation, fetchInvitation } from './people-api.ts';

/** /invitation/:token: someone an administrator added chooses a first password through the e-mailed link. */
export function InvitationPage() {
  const { token = '' } = useParams();
  // A signed-out page: no query client here, as on the other sign-in pages.
  const [invitation, setInvitation] = useState<Awaited<ReturnType<typeof fetchInvitation>> | 'invalid' | null>(null);
  useEffect(() => {
    let current = true;
    fetchInvitation(token).then(
      (found) => current && setInvitation(found),
      () => current && setInvitation('invalid'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (newPassword: string) => {
    setFailure(null);
    try {
      await acceptInvitation(token, newPassword);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setFailure(error.message || PEOPLE_MSG.invitationInvalid);
    }
  };

  if (done)
    return (
      <LoginLayout>
        <Page heading="Password set">
          <Text role="status">{PEOPLE_MSG.accepted}</Text>
          <Anchor component={AppLink} to="/login">
            Log in
          </Anchor>
        </Page>
      </LoginLayout>
    );
  return (
    <LoginLayout>
      <Page heading="Choose your password">
        {invitation === null ? (
          <Text>Loading…</Text>
        ) : invitation === 'invalid' ? (
          <Text role="alert">{PEOPLE_MSG.invitationInvalid}</Text>
        ) : (
          <>
            <Text>
              Welcome, {invitation.firstName}. Choose a password for {invitation.email} ({invitation.companyName}).
            </Text>
            <NewPasswordForm submitLabel="Set password" busyLabel="Saving..." failure={failure} onSubmit={onSubmit} />
          </>
        )}
      </Page>
    </LoginLayout>
  );
}
