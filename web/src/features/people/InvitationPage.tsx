import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
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
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: () => fetchInvitation(token), retry: false });
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
        {invitation.isPending ? (
          <Text>Loading…</Text>
        ) : invitation.isError ? (
          <Text role="alert">{PEOPLE_MSG.invitationInvalid}</Text>
        ) : (
          <>
            <Text>
              Welcome, {invitation.data.firstName}. Choose a password for {invitation.data.email} (
              {invitation.data.companyName}).
            </Text>
            <NewPasswordForm submitLabel="Set password" busyLabel="Saving..." failure={failure} onSubmit={onSubmit} />
          </>
        )}
      </Page>
    </LoginLayout>
  );
}
