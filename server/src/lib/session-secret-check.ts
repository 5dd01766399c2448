import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deploymentFingerprints } from '../db/schema.ts';

/** The fixed label the fingerprint is computed over: changing it would make every recorded fingerprint disagree. */
const LABEL = 'product-hub session secret fingerprint v1';
const NAME = 'session_secret';

/**
 * What the database keeps of SESSION_SECRET: an HMAC-SHA256 of a fixed label keyed by the secret. It tells whether
 * two instances hold the same secret and cannot be turned back into it (nor checked against guesses faster than an
 * HMAC per guess, as a plain hash of a short secret could be looked up).
 */
export function sessionSecretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(LABEL).digest('hex');
}

export class SessionSecretMismatchError extends Error {}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Every instance on one database must sign cookies with one secret, or a user signed in through one instance is
 * signed out by the next request another instance answers. The first instance records the secret's fingerprint;
 * an instance with another secret refuses to start, unless it names the recorded one as SESSION_SECRET_PREVIOUS:
 * that is a rotation on purpose, and the new fingerprint replaces the old one.
 *
 * Returns what happened: 'recorded' (first start), 'same', or 'rotated'.
 */
export async function checkSessionSecret(
  db: Db,
  secret: string,
  previous: string | undefined,
): Promise<'recorded' | 'same' | 'rotated'> {
  const mine = sessionSecretFingerprint(secret);
  // Two first instances starting together: one insert wins, the other reads what won.
  const inserted = await db
    .insert(deploymentFingerprints)
    .values({ name: NAME, fingerprint: mine })
    .onConflictDoNothing()
    .returning({ name: deploymentFingerprints.name });
  if (inserted.length) return 'recorded';
  const [row] = await db
    .select({ fingerprint: deploymentFingerprints.fingerprint })
    .from(deploymentFingerprints)
    .where(eq(deploymentFingerprints.name, NAME));
  if (same(row.fingerprint, mine)) return 'same';
  if (previous !== undefined && same(row.fingerprint, sessionSecretFingerprint(previous))) {
    // Only from the previous secret: of instances rotating together, the first one updates and the others find
    // the new fingerprint already there.
    const updated = await db
      .update(deploymentFingerprints)
      .set({ fingerprint: mine, recordedAt: new Date() })
      .where(and(eq(deploymentFingerprints.name, NAME), eq(deploymentFingerprints.fingerprint, row.fingerprint)))
      .returning({ name: deploymentFingerprints.name });
    if (updated.length) return 'rotated';
    return checkSessionSecret(db, secret, undefined);
  }
  throw new SessionSecretMismatchError(
    previous !== undefined
      ? 'SESSION_SECRET differs from the secret the other instances on this database use, and so does ' +
          'SESSION_SECRET_PREVIOUS: this instance would sign users out of theirs. Start it with the secret they use ' +
          '(or, to rotate it, with SESSION_SECRET set to the new secret and SESSION_SECRET_PREVIOUS to the one in use).'
      : 'SESSION_SECRET differs from the secret the other instances on this database use (the database keeps a ' +
          'fingerprint of it, not the secret): this instance would sign out users signed in through theirs. Start it ' +
          'with the same SESSION_SECRET. To rotate the secret on purpose, start with SESSION_SECRET set to the new ' +
          'secret and SESSION_SECRET_PREVIOUS to the one in use (see "Rotating the session secret" in the README).',
  );
}
