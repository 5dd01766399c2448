import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { LOCK, taken } from '../db/lock-order.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { badRequest, HttpError } from './errors.ts';

/**
 * `Idempotency-Key` on the integration API's POSTs (docs/decisions/api.md, "Idempotency is transactional"): the key is
 * claimed, the work done and its answer stored in one transaction, so a key exists exactly when its work committed.
 * The same key with the same request within 24 hours answers that stored answer again (the same ids, the same status)
 * without doing anything; with another request, 422. A second request with the key while the first still runs waits
 * on the key's primary key (the insert of the claim) and then replays the first's answer, or runs if the first rolled
 * back. A request that failed leaves no key, so its retry runs anew; a key whose work committed is never deleted
 * before its 24 hours.
 */

export const IDEMPOTENCY_KEY_HOURS = 24;
const HOUR_MS = 3_600_000;
/** Visible ASCII, as the IETF draft's examples; a UUID fits. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MSG = {
  malformed: 'Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.',
  reused:
    'This Idempotency-Key was used for another request in the last 24 hours: use a new key for a new request, or send the same request again.',
  inUse: 'A request with this Idempotency-Key is still being answered: try again in a moment to get its answer.',
} as const;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** Headers a replay repeats (ETag, Location). */
  headers?: Record<string, string>;
}

/**
 * Opens the one transaction of a change and gives back what its work returned. A service takes one (defaulting to a
 * plain `db.transaction`) so that the caller can run the change inside its own transaction: `idempotent` gives one that
 * claims the key first and stores the answer, built from what the work returned under its locks, last.
 */
export type InTransaction<R> = (work: (tx: Tx) => Promise<R>) => Promise<R>;

export const plainTransaction =
  <R>(db: Db): InTransaction<R> =>
  (work) =>
    db.transaction(work);

/** The request as a key is bound to it: method, address, and its body (JSON as parsed; files by their content). */
export async function fingerprintOf(
  request: FastifyRequest,
  parts: { json?: unknown; fields?: Record<string, string>; files?: { fileName: string; tempPath: string }[] } = {},
): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  if (parts.json !== undefined) hash.update(JSON.stringify(parts.json) ?? '');
  if (parts.fields)
    for (const k of Object.keys(parts.fields).sort()) hash.update(`\nfield ${k}=${JSON.stringify(parts.fields[k])}`);
  for (const f of parts.files ?? []) {
    hash.update(`\nfile ${JSON.stringify(f.fileName)} `);
    for await (const chunk of createReadStream(f.tempPath)) hash.update(chunk as Buffer);
  }
  return hash.digest('base64url');
}

/** The request's key, checked; null without the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = String(header);
  if (!KEY_PATTERN.test(key))
    throw badRequest(IDEMPOTENCY_MSG.malformed, { 'Idempotency-Key': IDEMPOTENCY_MSG.malformed });
  return key;
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

const keyWhere = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
const liveSince = (now: number) => new Date(now - IDEMPOTENCY_KEY_HOURS * HOUR_MS);

async function storedKey(db: Tx, scope: string, key: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(keyWhere(scope, key), eq(idempotencyKeys.state, 'done')));
  return row && row.createdAt >= liveSince(Date.now()) ? row : undefined;
}

/**
 * Whether the request's key already has a stored answer: an upload route asks before it receives the body, so that a
 * replay is not refused by the storage quota (a replay stores nothing). The body is still read, to check that it is
 * the same request (the fingerprint binds the files' content, whatever the multipart framing).
 */
export async function hasStoredAnswer(ctx: AppContext, request: FastifyRequest, scope: string): Promise<boolean> {
  const key = idempotencyKeyOf(request);
  return key !== null && (await storedKey(ctx.db, scope, key)) !== undefined;
}

/** Thrown inside the claiming transaction when the key is another request's: it rolls back, having changed nothing. */
export class IdempotentReplay extends Error {
  constructor(readonly row: KeyRow) {
    super('idempotent replay');
  }
}

/**
 * Runs a change once per key. `run` calls the service with the transaction opener it is given; `answerOf` builds the
 * answer from what the work returned, inside its transaction (what the transaction read is what is answered, and
 * stored). Without the header it runs the same way, without a key.
 */
export async function idempotent<R>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  fingerprint: () => Promise<string>,
  run: (inTransaction: InTransaction<R>) => Promise<R>,
  answerOf: (tx: Tx, result: R) => Promise<IdempotentAnswer>,
): Promise<unknown> {
  const key = idempotencyKeyOf(request);
  let answer: IdempotentAnswer | undefined;
  if (key === null) {
    await run((work) =>
      ctx.db.transaction(async (tx) => {
        const result = await work(tx);
        answer = await answerOf(tx, result);
        return result;
      }),
    );
    return send(reply, ranIn(answer));
  }
  const print = await fingerprint();
  // A replay answers without doing anything: no blob stored, no transaction opened.
  const known = await storedKey(ctx.db, scope, key);
  if (known) return replay(reply, known, print);
  try {
    await run((work) =>
      ctx.db.transaction(async (tx) => {
        await claim(tx, ctx, scope, key, print);
        const result = await work(tx);
        answer = await answerOf(tx, result);
        await tx
          .update(idempotencyKeys)
          .set({ state: 'done', status: answer.status, body: answer.body, headers: answer.headers ?? {} })
          .where(keyWhere(scope, key));
        return result;
      }),
    );
  } catch (err) {
    if (err instanceof IdempotentReplay) return replay(reply, err.row, print);
    throw err;
  }
  return send(reply, ranIn(answer));
}

function ranIn(answer: IdempotentAnswer | undefined): IdempotentAnswer {
  if (!answer) throw new Error('An idempotent change must run its work through the transaction it is given.');
  return answer;
}

/**
 * Claims the key in the work's transaction. A concurrent request holding it makes the insert wait on the primary key
 * until that request's transaction ends: committed, its answer is replayed; rolled back, this one claims the key.
 */
async function claim(tx: Tx, ctx: AppContext, scope: string, key: string, print: string) {
  const now = Date.now();
  // A key past its 24 hours is free again; so is a claim left by an earlier version, which claimed outside the work's
  // transaction, once past the request timeout.
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        keyWhere(scope, key),
        or(
          lt(idempotencyKeys.createdAt, liveSince(now)),
          and(
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.createdAt, new Date(now - ctx.config.timeouts.requestMs - 60_000)),
          ),
        ),
      ),
    );
  taken(tx, LOCK.idempotencyKey, [`${scope}|${key}`]);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint: print, state: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return;
  const [row] = await tx.select().from(idempotencyKeys).where(keyWhere(scope, key));
  if (row?.state === 'done') throw new IdempotentReplay(row);
  // Only an earlier version's claim, still within the request timeout, can be seen running.
  throw new HttpError(409, 'IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MSG.inUse, {}, 1);
}

function replay(reply: FastifyReply, row: KeyRow, print: string) {
  if (row.fingerprint !== print) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.reused);
  reply.header('idempotent-replayed', 'true');
  return send(reply, { status: row.status!, body: row.body, headers: row.headers ?? {} });
}

function send(reply: FastifyReply, answer: IdempotentAnswer) {
  for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
  reply.status(answer.status);
  return answer.body;
}

/** The hourly purge: keys past their 24 hours. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS)))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
