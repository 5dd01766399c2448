import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { usePartnerId, usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession } from '../../session/session-context.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { useSchemaForm } from '../../ui/use-schema-form.ts';
import { login, loginFailure } from './auth-api.ts';

const loadSchema = () => import('./auth-schemas.ts').then((m) => m.loginFormSchema);

/**
 * Email and password sign-in, used by /login and /login/admin. On success the session
 * holds the user and the guest-only route sends the user on (see routes/guards.tsx).
 */
export function LoginForm() {
  const session = useSession();
  const partnerId = usePartnerId();
  const partnerPath = usePartnerPath();
  const navigate = useNavigate();
  const [failureMessage, setFailureMessage] = useState<string | null>(null);
  const form = useSchemaForm(loadSchema, { email: '', password: '' });

  const onSubmit = form.submitWith(async (values) => {
    setFailureMessage(null);
    try {
      session.signIn(await login(values, partnerId));
    } catch (error) {
      const failure = loginFailure(error);
      if (failure.kind === 'strengthen-password') void navigate(partnerPath('/login/strengthen-password'));
      else if (failure.kind === 'message') setFailureMessage(failure.message);
      else console.error('Login failed', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {failureMessage && (
          <Text role="alert" c="red.9" fw={600}>
            {failureMessage}
          </Text>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          {...form.field('email')}
          error={fieldError(form.errors.email)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          error={fieldError(form.errors.password)}
        />
        <Button type="submit" disabled={!form.data || !form.values.email || form.isSubmitting}>
          {form.isSubmitting ? 'Processing...' : 'Log in'}
        </Button>
      </Stack>
    </form>
  );
}
