import { Button, Stack, Text } from '@mantine/core';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { useSchemaForm } from '../../ui/use-schema-form.ts';

const loadSchema = () => import('./auth-schemas.ts').then((m) => m.newPasswordFormSchema);

interface NewPasswordFormProps {
  submitLabel: string;
  busyLabel: string;
  /** A failure to show above the fields (role=alert), e.g. the server's message. */
  failure?: string | null;
  onSubmit: (newPassword: string) => Promise<void>;
}

/**
 * A new password typed twice; the confirmation opens once the password is acceptable. Its message follows the new
 * password once the user has been to the confirmation (only touched fields show theirs).
 */
export function NewPasswordForm({ submitLabel, busyLabel, failure, onSubmit }: NewPasswordFormProps) {
  const form = useSchemaForm(loadSchema, { newPassword: '', confirmPassword: '' });

  return (
    <form onSubmit={form.submitWith((values) => onSubmit(values.newPassword))} noValidate>
      <Stack gap="md">
        {failure && (
          <Text role="alert" c="red.9" fw={600}>
            {failure}
          </Text>
        )}
        <NewPasswordFields
          newPassword={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
          value={form.values.newPassword}
          errors={form.errors}
        />
        <Button type="submit" disabled={!form.data || form.isSubmitting}>
          {form.isSubmitting ? busyLabel : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
