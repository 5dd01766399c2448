import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * "Lock, then read what you decide on" (docs/decisions/database.md), checked on the source text of the services: a
 * function that changes a draft or a submission under its row lock must not decide on a copy it read before taking
 * that lock. Allowed before the lock: a visibility check whose result is not kept (`await visibleSubmission(…);`),
 * and a first look kept as `seen`, which only spares doomed work (storing an upload's blobs) and is not used once
 * the lock is taken, where the change reads the row again.
 *
 * What a static check cannot see, and this one does not: a read and a lock in two different functions (a helper that
 * reads, called before one that locks), reads through other names than the ones listed, a `seen` passed into a
 * closure that runs after the lock, aggregates other than drafts and submissions, and order at run time rather than
 * in the text (a lock in a callback written above the read). The integration tests of interleavings
 * (test/exactly-once.postgres.test.ts) are the proof; this keeps the common mistake from coming back.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Reads of an aggregate that take no lock. */
const READ =
  /\b(?:const|let)\s+(\{[^}]*\}|\w+)\s*=\s*await\s+(findDraft|visibleDraft|editableDraft|visibleSubmission|findSubmission\((?![^)]*lock:\s*true))/g;
/**
 * Taking an aggregate's row lock: the helpers, the lock order's forUpdate (db/lock-order.ts), drizzle's and SQL's FOR
 * UPDATE, and the lifecycle calls that lock.
 */
const LOCK =
  /\b(lockedDraft|lockedForChange|withLockedSubmission|changeStatus|replaceFiles|deleteSubmissionRecord|staffStatusChange|addFiles|forUpdate)\(|\.for\('update'\)|lock:\s*true|\bfor update\b/i;

/** Each top-level function of a file: its name and its text up to the next top-level declaration. */
export function functionsOf(text: string): { name: string; body: string }[] {
  const starts = [
    ...text.matchAll(
      /^(?:export\s+)?(?:async\s+function\s+(\w+)|function\s+(\w+)|const\s+(\w+)\s*=\s*(?:async\b|\())/gm,
    ),
  ];
  return starts.map((m, i) => ({
    name: m[1] ?? m[2] ?? m[3],
    body: text.slice(m.index, starts[i + 1]?.index ?? text.length),
  }));
}

/** The reads a function decides on before it takes the lock (empty: it locks first, or never locks). */
export function readsBeforeLock(body: string): string[] {
  const lock = body.search(LOCK);
  if (lock < 0) return [];
  const after = body.slice(lock);
  return [...body.matchAll(READ)]
    .filter((m) => m.index < lock)
    .filter((m) => m[1] !== 'seen' || /\bseen\b/.test(after))
    .map((m) => `${m[1]} = ${m[2]}`);
}

/**
 * Functions that read before the lock on purpose and decide only on what they read under it, each with its reason:
 * reviewed by hand, named here so that a new one is a decision, not an accident.
 */
const CHECKED_UNDER_LOCK: Record<string, string> = {
  // The EAN-13 read first names the product row to lock first (the lock order of imports and delistings); under the
  // submission's lock it is compared with the row's, and a change is a 409.
  'modules/catalogue/service.ts catalogueSubmission': 'compared under the lock',
  // The files are read and analysed outside any transaction (media work is no I/O to hold a lock across); the verdict
  // is made on the row and files read again under the lock.
  'modules/submissions/checks-job.ts automatedChecks': 'decides on the locked read',
};

function serviceFiles(dir = path.join(SRC, 'modules')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serviceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !/(routes|graphql)\.ts$/.test(e.name)
      ? [full]
      : [];
  });
}

describe('services lock, then read what they decide on', () => {
  it('finds a read before the lock, and lets a first look named seen pass only while it is not used after the lock', () => {
    const stale = `export async function rename(ctx, user, id) {
      const s = await visibleSubmission(ctx, user, id);
      return ctx.db.transaction(async (tx) => { await withLockedSubmission(tx, id, async () => audit(s)); });
    }`;
    expect(readsBeforeLock(functionsOf(stale)[0].body)).toEqual(['s = visibleSubmission']);
    const firstLook = `export async function add(ctx, user, id) {
      const seen = await editableDraft(ctx, user, id);
      assertRoom(seen);
      return store(ctx, (tx) => lockedForChange(tx, user, id, {}, async (draft) => assertRoom(draft)));
    }`;
    expect(readsBeforeLock(functionsOf(firstLook)[0].body)).toEqual([]);
    expect(readsBeforeLock(firstLook.replace('assertRoom(draft)', 'assertRoom(seen)'))).toEqual([
      'seen = editableDraft',
    ]);
    const lockedFirst = `export async function submit(tx, id) {
      const draft = await lockedDraft(tx, id);
      const again = await findDraft(tx, id);
    }`;
    expect(readsBeforeLock(lockedFirst)).toEqual([]);
  });

  it('no service decides on a draft or a submission it read before taking its lock', () => {
    const found = serviceFiles().flatMap((file) =>
      functionsOf(readFileSync(file, 'utf8'))
        .filter(({ name }) => !(`${path.relative(SRC, file).split(path.sep).join('/')} ${name}` in CHECKED_UNDER_LOCK))
        .flatMap(({ name, body }) =>
          readsBeforeLock(body).map((read) => `${path.relative(SRC, file)} ${name}: ${read}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
