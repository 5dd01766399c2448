import { z } from 'zod';
import { emailSchema, loginSchema, newPasswordSchema } from './account.ts';
import { MSG } from './messages.ts';

/**
 * The login form as the user sees it: the field is called email on screen,
 * while the login endpoint (loginSchema) calls it username.
 */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: loginSchema.shape.password,
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

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
