import { createHash, randomBytes } from 'node:crypto';
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
import { authorize } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { recordAudit } from '../audit/record.ts';
import { apiTokenPolicy } from './policy.ts';
import {
  findTokenByHash,
  findTokenById,
  insertApiToken,
  listedTokens,
  listedTokensOf,
  noteTokenUsed,
  revokeTokenOnce,
  type TokenRow,
} from './repository.ts';

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
  const row = await insertApiToken(ctx.db, {
    userId: user.id,
    companyId: user.companyId,
    name: input.name,
    tokenHash: hashApiToken(token),
    scopes,
    expiresAt: new Date(input.expiresAt),
  });
  return { ...present(row), token };
}

export async function listOwnApiTokens(ctx: AppContext, user: UserRow): Promise<ApiToken[]> {
  const rows = await listedTokensOf(ctx.db, user.id);
  return rows.map(present);
}

/** Staff: every company's tokens, or one company's. */
export async function listAllApiTokens(
  ctx: AppContext,
  user: UserRow,
  companyId: number | undefined,
): Promise<ApiToken[]> {
  authorize(apiTokenPolicy.manageAny(user));
  const rows = await listedTokens(ctx.db, companyId);
  return rows.map((r) => ({
    ...present(r.token),
    user: { id: r.token.userId, email: r.email, companyId: r.token.companyId, companyName: r.companyName },
  }));
}

/** Revokes the user's own token (or, with `asStaff`, anyone's); revoking twice keeps the first time. */
export async function revokeApiToken(ctx: AppContext, user: UserRow, id: number, asStaff: boolean): Promise<ApiToken> {
  if (asStaff) authorize(apiTokenPolicy.manageAny(user));
  const row = await findTokenById(ctx.db, id);
  if (!row || (!asStaff && !apiTokenPolicy.manageOwn(user, row))) throw notFound('No such API token.');
  if (row.revokedAt) return present(row);
  return ctx.db.transaction(async (tx) => {
    // Only a token not yet revoked: of two revocations at once, one is the revocation (and audited once).
    const revoked = await revokeTokenOnce(tx, id, user.id);
    if (!revoked) return present((await findTokenById(tx, id))!);
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
  return findTokenByHash(db, hashApiToken(token));
}

/** At most one write a minute per token: the condition makes concurrent requests and other instances skip it. */
export async function noteApiTokenUse(db: Tx, token: TokenRow) {
  const now = Date.now();
  if (token.lastUsedAt && now - token.lastUsedAt.getTime() < API_TOKEN_LAST_USED_EVERY_MS) return;
  const before = new Date(now - API_TOKEN_LAST_USED_EVERY_MS);
  await noteTokenUsed(db, token.id, new Date(now), before);
}
