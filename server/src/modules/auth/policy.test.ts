import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { authPolicy } from './policy.ts';

describe('auth policy', () => {
  it('an account with a password of ours receives reset links', () => {
    expect(authPolicy.receiveResetLink({ passwordHash: 'scrypt$...' })).toBe(true);
  });
  it("an identity provider's account does not", () => {
    expect(authPolicy.receiveResetLink({ passwordHash: null })).toBe(false);
  });
  const admin = { email: 'a@example.com', emailVerified: true, scopes: [SCOPES.readAllProductSubmissions] };
  it('the identity provider signs in a user with an e-mail and a portal scope', () => {
    expect(authPolicy.signInWithProvider(admin)).toBe(true);
    expect(authPolicy.signInWithProvider({ ...admin, emailVerified: undefined })).toBe(true);
  });
  it('but not one without scopes, without an e-mail, or with an unverified e-mail', () => {
    expect(authPolicy.signInWithProvider({ ...admin, scopes: [] })).toBe(false);
    expect(authPolicy.signInWithProvider({ ...admin, email: null })).toBe(false);
    expect(authPolicy.signInWithProvider({ ...admin, emailVerified: false })).toBe(false);
  });
});
