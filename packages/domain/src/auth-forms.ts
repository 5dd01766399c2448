import { z } from 'zod';
import { newPasswordSchema } from './account.ts';
import { MSG } from './messages.ts';

export { loginFormSchema, type LoginFormValues } from './sign-in.ts';

/** Choosing a new password (reset link, strengthen after login): typed twice, must match. */
export const newPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, MSG.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsDoNotMatch,
  });
export type NewPasswordFormValues = z.infer<typeof newPasswordFormSchema>;
