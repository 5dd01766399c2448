import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures, partnerConfigurations, passwordResetTokens } from '../../db/schema.ts';

/** The queries of sign-in: its failures per account (the throttle), the reset links, the co-branded partner. */

const WINDOW_MS = 15 * 60 * 1000;

/** Failed attempts per account are kept in the database so the limit holds across app instances. */
export async function tooManyFailures(db: Db, email: string, limit: number): Promise<boolean> {
  const since = new Date(Date.now() - WINDOW_MS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.at, since)));
  return Number(row.n) >= limit;
}

export async function recordFailure(db: Db, email: string, address: string) {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), address });
}

/** Removes the sign-in failures older than `before` (the throttle looks back less than a day). */
export async function purgeOldFailures(db: Db, before: Date) {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

export async function insertResetToken(db: Db, values: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(values);
}

/** Spends the unspent, unexpired link with this hash; undefined when there is none (a link works once). */
export async function claimResetToken(tx: Tx, tokenHash: string) {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return claimed;
}

/** Spends every other link of the user (the password they were for is gone). */
export async function spendResetTokensOf(tx: Tx, userId: number) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Removes reset links that expired, or were spent, more than a day ago. */
export async function purgeOldResetTokens(db: Db, dayAgo: Date) {
  await db
    .delete(passwordResetTokens)
    .where(
      or(
        lt(passwordResetTokens.expiresAt, dayAgo),
        and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, dayAgo)),
      ),
    );
}

/** Whether a company has a partner configuration: the co-branded portal a user may come through. */
export async function isPartnerCompany(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerConfigurations.id })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, companyId));
  return Boolean(row);
}
