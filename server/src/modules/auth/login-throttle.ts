import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

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
