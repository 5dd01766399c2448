import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { newPasswordFormSchema, newPasswordSchema, type NewPasswordFormValues } from '@portal/domain';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useRevalidateConfirmation } from '../../ui/use-revalidate-confirmation.ts';
import { fieldError } from '../../ui/field-error.tsx';

export const PASSWORD_HINT = 'At least 8 characters, with an upper case letter, a lower case letter and a number.';

interface NewPasswordFormProps {
  submitLabel: string;
  busyLabel: string;
  /** A failure to show above the fields (role=alert), e.g. the server's message. */
  failure?: string | null;
  onSubmit: (newPassword: string) => Promise<void>;
}

/** A new password typed twice; the confirmation opens once the password is acceptable. */
export function NewPasswordForm({ submitLabel, busyLabel, failure, onSubmit }: NewPasswordFormProps) {
  const form = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  useRevalidateConfirmation(form);
  const newPassword = form.watch('newPassword');
  const confirmEnabled = newPasswordSchema.safeParse(newPassword).success;

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values.newPassword))} noValidate>
      <Stack gap="md">
        {failure && (
          <Text role="alert" c="red.9" fw={600}>
            {failure}
          </Text>
        )}
        <PasswordField
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          {...form.register('newPassword')}
          error={fieldError(errors.newPassword?.message)}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          disabled={!confirmEnabled}
          {...form.register('confirmPassword')}
          error={fieldError(errors.confirmPassword?.message)}
        />
        <Button type="submit" disabled={!isValid || isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
