import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deploymentFingerprints } from '../db/schema.ts';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { checkSessionSecret, SessionSecretMismatchError, sessionSecretFingerprint } from './session-secret-check.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  await server.database.db.delete(deploymentFingerprints);
});

const first = 'a'.repeat(40);
const second = 'b'.repeat(40);
const third = 'c'.repeat(40);
const recorded = async () => (await server.database.db.select().from(deploymentFingerprints)).map((r) => r.fingerprint);

describe(`the session secret every instance on a database shares (${databaseKind})`, () => {
  it('the first instance records a fingerprint that is neither the secret nor its plain hash; the same secret starts again', async () => {
    const db = server.database.db;
    expect(await checkSessionSecret(db, first, undefined)).toBe('recorded');
    const [fingerprint] = await recorded();
    expect(fingerprint).toBe(sessionSecretFingerprint(first));
    expect(fingerprint).not.toContain(first);
    const { createHash } = await import('node:crypto');
    expect(fingerprint).not.toBe(createHash('sha256').update(first).digest('hex'));
    expect(await checkSessionSecret(db, first, undefined)).toBe('same');
  });

  it('another secret refuses to start with a message naming the way to rotate, and records nothing', async () => {
    const db = server.database.db;
    await checkSessionSecret(db, first, undefined);
    await expect(checkSessionSecret(db, second, undefined)).rejects.toThrow(SessionSecretMismatchError);
    await expect(checkSessionSecret(db, second, undefined)).rejects.toThrow(
      /SESSION_SECRET differs.*SESSION_SECRET_PREVIOUS/s,
    );
    // A wrong previous secret proves nothing either.
    await expect(checkSessionSecret(db, second, third)).rejects.toThrow(SessionSecretMismatchError);
    expect(await recorded()).toEqual([sessionSecretFingerprint(first)]);
  });

  it('rotates with the secret in use as SESSION_SECRET_PREVIOUS; then the old secret is refused', async () => {
    const db = server.database.db;
    await checkSessionSecret(db, first, undefined);
    expect(await checkSessionSecret(db, second, first)).toBe('rotated');
    expect(await recorded()).toEqual([sessionSecretFingerprint(second)]);
    // The other instances of the rollout, started with the same settings, find the new fingerprint.
    expect(await checkSessionSecret(db, second, first)).toBe('same');
    await expect(checkSessionSecret(db, first, undefined)).rejects.toThrow(SessionSecretMismatchError);
  });

  it('instances starting together on an empty table agree on one secret', async () => {
    const db = server.database.db;
    const outcomes = await Promise.allSettled([
      checkSessionSecret(db, first, undefined),
      checkSessionSecret(db, first, undefined),
      checkSessionSecret(db, second, undefined),
    ]);
    const fingerprint = (await recorded())[0];
    const winner = fingerprint === sessionSecretFingerprint(first) ? 'first' : 'second';
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(winner === 'first' ? 1 : 2);
  });
});
