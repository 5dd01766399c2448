import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  API_TOKEN_LAST_USED_EVERY_MS,
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  API_TOKEN_RANDOM_BYTES,
  type ApiToken,
  type CreateApiToken,
  type CreatedApiToken,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { apiTokens, companies, users } from '../../db/schema.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { recordAudit } from '../audit/record.ts';
import { apiTokenPolicy } from './policy.ts';

type TokenRow = typeof apiTokens.$inferSelect;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

const present = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Makes a token for the user; the answer is the only place its secret ever appears. */
export async function createApiToken(ctx: AppContext, user: UserRow, input: CreateApiToken): Promise<CreatedApiToken> {
  const scopes = [...new Set(input.scopes)];
  authorize(apiTokenPolicy.create(user, scopes), () =>
    badRequest(API_TOKEN_MSG.scopeNotYours, { scopes: API_TOKEN_MSG.scopeNotYours }),
  );
  const token = API_TOKEN_PREFIX + randomBytes(API_TOKEN_RANDOM_BYTES).toString('base64url');
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      userId: user.id,
      companyId: user.companyId,
      name: input.name,
      tokenHash: hashApiToken(token),
      scopes,
      expiresAt: new Date(input.expiresAt),
    })
    .returning();
  return { ...present(row), token };
}

/** Revoked and expired tokens stay listed for 30 days (so their owner sees what happened), then drop off the list. */
const stillListed = () => {
  const cutoff = new Date(Date.now() - 30 * 86_400_000);
  return and(or(isNull(apiTokens.revokedAt), gt(apiTokens.revokedAt, cutoff)), gt(apiTokens.expiresAt, cutoff));
};

export async function listOwnApiTokens(ctx: AppContext, user: UserRow): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, user.id), stillListed()))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(present);
}

/** Staff: every company's tokens, or one company's. */
export async function listAllApiTokens(
  ctx: AppContext,
  user: UserRow,
  companyId: number | undefined,
): Promise<ApiToken[]> {
  authorize(apiTokenPolicy.manageAny(user));
  const where: SQL[] = [stillListed()!];
  if (companyId !== undefined) where.push(eq(apiTokens.companyId, companyId));
  const rows = await ctx.db
    .select({ token: apiTokens, email: users.email, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .where(and(...where))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(1000);
  return rows.map((r) => ({
    ...present(r.token),
    user: { id: r.token.userId, email: r.email, companyId: r.token.companyId, companyName: r.companyName },
  }));
}

/** Revokes the user's own token (or, with `asStaff`, anyone's); revoking twice keeps the first time. */
export async function revokeApiToken(ctx: AppContext, user: UserRow, id: number, asStaff: boolean): Promise<ApiToken> {
  if (asStaff) authorize(apiTokenPolicy.manageAny(user));
  const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, id));
  if (!row || (!asStaff && !apiTokenPolicy.manageOwn(user, row))) throw notFound('No such API token.');
  if (row.revokedAt) return present(row);
  return ctx.db.transaction(async (tx) => {
    // Only a token not yet revoked: of two revocations at once, one is the revocation (and audited once).
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: user.id })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    if (!revoked) return present((await tx.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]);
    // Staff revoking someone else's token (the Access page) is a staff action on their account: audited.
    if (asStaff && row.userId !== user.id)
      await recordAudit(tx, {
        actor: user,
        action: 'api_token.revoked',
        target: { type: 'api_token', id: row.id, companyId: row.companyId, label: row.name },
      });
    return present(revoked);
  });
}

/** The token of a bearer secret, with its user, whatever its state (the caller says why it is refused). */
export async function findApiToken(db: Tx, token: string): Promise<{ token: TokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  return row;
}

/** At most one write a minute per token: the condition makes concurrent requests and other instances skip it. */
export async function noteApiTokenUse(db: Tx, token: TokenRow) {
  const now = Date.now();
  if (token.lastUsedAt && now - token.lastUsedAt.getTime() < API_TOKEN_LAST_USED_EVERY_MS) return;
  const before = new Date(now - API_TOKEN_LAST_USED_EVERY_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before))));
}
