import type { ComponentProps } from 'react';
import { isAcceptableNewPassword } from '@portal/domain';
import { fieldError } from './field-error.tsx';
import { PasswordField } from './PasswordField.tsx';

export const PASSWORD_HINT = 'At least 8 characters, with an upper case letter, a lower case letter and a number.';

type FieldBinding = Pick<ComponentProps<typeof PasswordField>, 'name' | 'onChange' | 'onBlur'> &
  Partial<Pick<ComponentProps<typeof PasswordField>, 'value' | 'onFocus' | 'ref'>>;

interface NewPasswordFieldsProps {
  /** The props binding each input to its form (react-hook-form's register, or use-schema-form's field). */
  newPassword: FieldBinding;
  confirmPassword: FieldBinding;
  /** The new password as typed: the confirmation opens only once it meets the policy. */
  value: string;
  errors: { newPassword?: string; confirmPassword?: string };
}

/** 'New password' and 'Confirm password', shared by every form that sets a password. */
export function NewPasswordFields({ newPassword, confirmPassword, value, errors }: NewPasswordFieldsProps) {
  const confirmEnabled = isAcceptableNewPassword(value);
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
