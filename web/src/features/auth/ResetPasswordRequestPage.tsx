import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_RESET_TTL_MINUTES, SUPPORT_EMAIL } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { useSchemaForm } from '../../ui/use-schema-form.ts';
import { requestPasswordReset } from './auth-api.ts';
import { LoginLayout } from './LoginLayout.tsx';

const loadSchema = () => import('./auth-schemas.ts').then((m) => m.forgotPasswordFormSchema);

/** /reset-password: ask for a reset link by e-mail. */
export function ResetPasswordRequestPage() {
  const [sent, setSent] = useState(false);
  return <LoginLayout>{sent ? <LinkSent /> : <RequestForm onSent={() => setSent(true)} />}</LoginLayout>;
}

function RequestForm({ onSent }: { onSent: () => void }) {
  const form = useSchemaForm(loadSchema, { email: '' });
  const onSubmit = form.submitWith(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      onSent();
    } catch {
      // The generic banner has told the user; the form stays for another try.
    }
  });

  return (
    <Page heading="Reset your password" title="Reset password">
      <Text>Enter the email address of your account and we will send you a link to choose a new password.</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.field('email')}
            error={fieldError(form.errors.email)}
          />
          <Button type="submit" disabled={!form.data || form.isSubmitting}>
            {form.isSubmitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
      <Anchor component={AppLink} to="/login">
        Back to login
      </Anchor>
    </Page>
  );
}

function LinkSent() {
  return (
    <Page heading="Password link sent">
      <Text>Check your email for a link to choose a new password.</Text>
      <Text>
        If nothing arrives within {PASSWORD_RESET_TTL_MINUTES} minutes, contact support at{' '}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
      </Text>
      <Anchor component={AppLink} to="/login">
        Back to login
      </Anchor>
    </Page>
  );
}
