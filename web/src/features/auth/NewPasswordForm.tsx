import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { newPasswordFormSchema, type NewPasswordFormValues } from '@portal/domain';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { useRevalidateConfirmation } from '../../ui/use-revalidate-confirmation.ts';


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

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values.newPassword))} noValidate>
      <Stack gap="md">
        {failure && (
          <Text role="alert" c="red.9" fw={600}>
            {failure}
          </Text>
        )}
        <NewPasswordFields
          newPassword={form.register('newPassword')}
          confirmPassword={form.register('confirmPassword')}
          value={form.watch('newPassword')}
          errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Button type="submit" disabled={!isValid || isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
