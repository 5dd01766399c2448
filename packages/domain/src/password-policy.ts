import { PASSWORD_MIN_LENGTH } from './constants.ts';

// Without zod: the password forms ask it on every keystroke and load the schemas (sign-in.ts) only when used.

/** Password policy: 8+ characters with an upper case letter, a lower case letter and a digit. */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password)
  );
}

export const NEW_PASSWORD_MAX_LENGTH = 200;

/** What newPasswordSchema accepts, asked without zod (the confirmation field opens once it holds). */
export const isAcceptableNewPassword = (password: string) =>
  password.length <= NEW_PASSWORD_MAX_LENGTH && meetsPasswordPolicy(password);
