import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { apiTokens, companies, users } from '../../db/schema.ts';
import type { UserRow } from '../users/repository.ts';

export type TokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(
  db: Tx,
  values: Pick<TokenRow, 'userId' | 'companyId' | 'name' | 'tokenHash' | 'scopes' | 'expiresAt'>,
): Promise<TokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row;
}

/** Revoked and expired tokens stay listed for 30 days (so their owner sees what happened), then drop off the list. */
const stillListed = () => {
  const cutoff = new Date(Date.now() - 30 * 86_400_000);
  return and(or(isNull(apiTokens.revokedAt), gt(apiTokens.revokedAt, cutoff)), gt(apiTokens.expiresAt, cutoff));
};

export function listedTokensOf(db: Tx, userId: number): Promise<TokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), stillListed()))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Every company's listed tokens, or one company's, with their user's e-mail and company name. */
export function listedTokens(db: Tx, companyId: number | undefined) {
  const where: SQL[] = [stillListed()!];
  if (companyId !== undefined) where.push(eq(apiTokens.companyId, companyId));
  return db
    .select({ token: apiTokens, email: users.email, companyName: companies.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, apiTokens.companyId))
    .where(and(...where))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(1000);
}

export async function findTokenById(db: Tx, id: number): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

/** Revokes the token unless it already is: of two revocations at once, one gets the row, the other undefined. */
export async function revokeTokenOnce(tx: Tx, id: number, by: number): Promise<TokenRow | undefined> {
  const [revoked] = await tx
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning();
  return revoked;
}

/** The token with this hash, with its user, whatever its state. */
export async function findTokenByHash(
  db: Tx,
  tokenHash: string,
): Promise<{ token: TokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

/** Notes the use unless one at or after `before` is noted: concurrent requests and other instances skip it. */
export async function noteTokenUsed(db: Tx, id: number, at: Date, before: Date) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: at })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before))));
}

/** Whether the token is still good now: not revoked, not expired, its user not disabled. */
export async function apiTokenStillValid(db: Tx, tokenId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from api_tokens t join users u on u.id = t.user_id
          where t.id = ${tokenId} and t.revoked_at is null and t.expires_at > now()
            and u.disabled_at is null`,
  );
  return rows.length > 0;
}
