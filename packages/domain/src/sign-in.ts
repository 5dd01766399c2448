import * as z from 'zod/mini';
import { MSG } from './messages.ts';
import { meetsPasswordPolicy, NEW_PASSWORD_MAX_LENGTH } from './password-policy.ts';

// Written with zod/mini, not classic zod: the login and password pages are the first a visitor loads on a slow phone
// connection (issue 18); the login page is the first a visitor loads on a slow phone connection, and
// classic zod alone would be a sixth of its weight (issue 18). Classic schemas compose these like any other.

/** An e-mail address as the user types it: trimmed, required, at most 254 characters. */
export const emailSchema = z.pipe(
  z
    .string({ error: MSG.emailRequired })
    .check(z.trim(), z.minLength(1, MSG.emailRequired), z.maxLength(254, MSG.emailInvalid)),
  z.email({ error: MSG.emailInvalid }),
);

/** The password of a sign-in: whatever the user chose, so only required (policy applies when choosing one). */
export const loginPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .check(z.minLength(1, MSG.passwordRequired), z.maxLength(200));

/**
 * The login form as the user sees it: the field is called email on screen, while the login endpoint (loginSchema)
 * calls it username.
 */
export const loginFormSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const newPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .check(
    z.minLength(1, MSG.passwordRequired),
    z.maxLength(NEW_PASSWORD_MAX_LENGTH, MSG.passwordWeak),
    z.refine(meetsPasswordPolicy, MSG.passwordWeak),
  );

/** Choosing a new password (reset link, strengthen after login): typed twice, must match. */
export const newPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, MSG.confirmRequired)),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: MSG.passwordsDoNotMatch,
    }),
  );
export type NewPasswordFormValues = z.infer<typeof newPasswordFormSchema>;

/** The password reset request form: the account's e-mail address. */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });
