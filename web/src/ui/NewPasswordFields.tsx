import type { UseFormRegisterReturn } from 'react-hook-form';
import { newPasswordSchema } from '@portal/domain';
import { fieldError } from './field-error.tsx';
import { PasswordField } from './PasswordField.tsx';

export const PASSWORD_HINT = 'At least 8 characters, with an upper case letter, a lower case letter and a number.';

interface NewPasswordFieldsProps {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  /** The new password as typed: the confirmation opens only once it meets the policy. */
  value: string;
  errors: { newPassword?: string; confirmPassword?: string };
}

/** 'New password' and 'Confirm password', shared by every form that sets a password. */
export function NewPasswordFields({ newPassword, confirmPassword, value, errors }: NewPasswordFieldsProps) {
  const confirmEnabled = newPasswordSchema.safeParse(value).success;
  return (
    <>
      <PasswordField
        label="New password"
        description={PASSWORD_HINT}
        autoComplete="new-password"
        {...newPassword}
        error={fieldError(errors.newPassword)}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        disabled={!confirmEnabled}
        {...confirmPassword}
        error={fieldError(errors.confirmPassword)}
      />
    </>
  );
}
