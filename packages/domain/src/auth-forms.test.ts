import { describe, expect, it } from 'vitest';
import { loginFormSchema, newPasswordFormSchema } from './auth-forms.ts';
import { MSG } from './messages.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('loginFormSchema', () => {
  it('uses the spec messages for email and password', () => {
    expect(messages(loginFormSchema.safeParse({ email: '', password: '' }))).toEqual([
      MSG.emailRequired,
      MSG.passwordRequired,
    ]);
    expect(messages(loginFormSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual([MSG.emailInvalid]);
    expect(loginFormSchema.safeParse({ email: ' a@b.co ', password: 'x' }).data?.email).toBe('a@b.co');
  });
});

describe('newPasswordFormSchema', () => {
  it('needs a policy-compliant password typed twice', () => {
    expect(messages(newPasswordFormSchema.safeParse({ newPassword: 'weak', confirmPassword: 'weak' }))).toEqual([
      MSG.passwordWeak,
    ]);
    expect(messages(newPasswordFormSchema.safeParse({ newPassword: 'Strong-pass-1', confirmPassword: '' }))).toContain(
      MSG.confirmRequired,
    );
    expect(
      messages(newPasswordFormSchema.safeParse({ newPassword: 'Strong-pass-1', confirmPassword: 'Strong-pass-2' })),
    ).toEqual([MSG.passwordsDoNotMatch]);
    expect(
      newPasswordFormSchema.safeParse({ newPassword: 'Strong-pass-1', confirmPassword: 'Strong-pass-1' }).success,
    ).toBe(true);
  });
});
