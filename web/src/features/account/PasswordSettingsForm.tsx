import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { changePasswordFormSchema } from '@portal/domain';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { useRevalidateConfirmation } from '../../ui/use-revalidate-confirmation.ts';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import { changePassword } from './account-api.ts';

export const PASSWORD_CHANGED = 'Password changed.';

type ChangePasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** /account/password: change the password, knowing the old one. */
export function PasswordSettingsForm() {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  useRevalidateConfirmation(form);

  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await changePassword(oldPassword, newPassword);
      form.reset(EMPTY);
      toast.success(PASSWORD_CHANGED);
    } catch {
      // The banner shows why (wrong old password, or the generic message).
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <PasswordField
          label="Old password"
          autoComplete="current-password"
          {...form.register('oldPassword')}
          error={fieldError(errors.oldPassword?.message)}
        />
        <NewPasswordFields
          newPassword={form.register('newPassword')}
          confirmPassword={form.register('confirmPassword')}
          value={form.watch('newPassword')}
          errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Group>
          <Button type="submit" disabled={!isValid || isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="default" onClick={() => navigate(partnerPath('/'))}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
