import { meetsPasswordPolicy, MSG, type LoginInput } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { findUserByEmail, type UserRow } from '../users/repository.ts';
import { burnVerifyTime, verifyPassword } from '../users/passwords.ts';
import { userPolicy } from '../users/policy.ts';
import { clearFailures, isPartnerCompany, recordFailure, tooManyFailures } from './repository.ts';

export type LoginOutcome =
  | { kind: 'signed-in'; user: UserRow; partnerCompanyId: number | null }
  | { kind: 'weak-password'; user: UserRow };

export async function checkCredentials(ctx: AppContext, input: LoginInput, address: string): Promise<LoginOutcome> {
  const { db, config } = ctx;
  if (await tooManyFailures(db, input.username, config.loginFailuresPerAccount)) {
    throw new HttpError(429, 'RATE_LIMITED', MSG.tooManyAttempts);
  }
  const user = await findUserByEmail(db, input.username);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnVerifyTime(input.password), false);
  // A disabled account answers as a wrong password: the form does not tell who has an account.
  if (!user || !ok || !userPolicy.useAccount(user)) {
    await recordFailure(db, input.username, address);
    throw unauthorized(MSG.invalidLogin, 'INVALID_CREDENTIALS');
  }
  await clearFailures(db, input.username);
  if (!meetsPasswordPolicy(input.password)) return { kind: 'weak-password', user };
  return { kind: 'signed-in', user, partnerCompanyId: await knownPartner(ctx, input.partner) };
}

/** The partner of the co-branded portal the user came through, if it really is one. */
export async function knownPartner(ctx: AppContext, companyId: number | undefined): Promise<number | null> {
  if (!companyId) return null;
  return (await isPartnerCompany(ctx.db, companyId)) ? companyId : null;
}
