import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Re-checks the confirmation when the new password changes, but only once the user
 * has been to the confirmation: flagging it earlier would show an error (and move the
 * layout under the pointer) before the user could even type it.
 */
export function useRevalidateConfirmation<T extends FieldValues & { newPassword: string; confirmPassword: string }>(
  form: UseFormReturn<T>,
) {
  const newPassword = form.watch('newPassword' as Path<T>);
  useEffect(() => {
    if (form.getFieldState('confirmPassword' as Path<T>).isTouched) void form.trigger('confirmPassword' as Path<T>);
  }, [newPassword, form]);
}
