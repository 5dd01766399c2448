import { describe, expect, it } from 'vitest';
import {
  accountInformationSchema,
  changePasswordFormSchema,
  forgotPasswordSchema,
  loginSchema,
  meetsPasswordPolicy,
} from './account.ts';
import { MSG } from './messages.ts';

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('password policy: 8+ characters with upper, lower and a digit', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Supplier-demo-1', true],
  ])('%s → %s', (pw, ok) => expect(meetsPasswordPolicy(pw)).toBe(ok));
});

describe('login and reset messages (part 1 section 5)', () => {
  it('requires a valid e-mail and a password', () => {
    expect(fieldErrors(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(fieldErrors(loginSchema.safeParse({ username: 'x@', password: 'p' }))).toEqual({
      username: MSG.emailInvalid,
    });
    expect(loginSchema.parse({ username: ' a@b.co ', password: 'p', partner: '30443' })).toEqual({
      username: 'a@b.co',
      password: 'p',
      partner: 30443,
    });
  });

  it('reset request uses the same two e-mail messages', () => {
    expect(fieldErrors(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({ email: MSG.emailRequired });
    expect(fieldErrors(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual({ email: MSG.emailInvalid });
  });
});

describe('account information and change password (part 1 section 5)', () => {
  it('account information messages', () => {
    expect(fieldErrors(accountInformationSchema.safeParse({ email: '', firstName: '', lastName: '' }))).toEqual({
      email: MSG.emailRequired,
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    // A name that is there but too long is told so, not that it is missing.
    const long = 'S'.repeat(101);
    expect(
      fieldErrors(accountInformationSchema.safeParse({ email: 'a@example.com', firstName: long, lastName: long })),
    ).toEqual({
      firstName: MSG.firstNameTooLong,
      lastName: MSG.lastNameTooLong,
    });
    expect(
      accountInformationSchema.safeParse({ email: 'a@example.com', firstName: 'S'.repeat(100), lastName: 'S' }).success,
    ).toBe(true);
  });

  it('change password messages: required, requirements, confirmation', () => {
    expect(
      fieldErrors(
        changePasswordFormSchema.safeParse({ oldPassword: '', newPassword: 'Abcdefg1', confirmPassword: '' }),
      ),
    ).toEqual({
      oldPassword: MSG.passwordRequired,
      confirmPassword: MSG.confirmRequired,
    });
    expect(
      fieldErrors(
        changePasswordFormSchema.safeParse({ oldPassword: 'x', newPassword: 'short', confirmPassword: 'short' }),
      ).newPassword,
    ).toBe(MSG.passwordWeak);
    expect(
      fieldErrors(
        changePasswordFormSchema.safeParse({ oldPassword: 'x', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' }),
      ),
    ).toEqual({
      confirmPassword: MSG.passwordsDoNotMatch,
    });
  });
});
