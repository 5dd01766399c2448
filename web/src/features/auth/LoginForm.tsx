import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { loginFormSchema, type LoginFormValues } from '@portal/domain';
import { usePartnerId, usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession } from '../../session/session-context.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { login, loginFailure } from './auth-api.ts';

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

  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const email = form.watch('email');

  const onSubmit = form.handleSubmit(async (values) => {
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
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.register('password')}
          error={fieldError(errors.password?.message)}
        />
        <Button type="submit" disabled={!isValid || !email || isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Log in'}
        </Button>
      </Stack>
    </form>
  );
}
