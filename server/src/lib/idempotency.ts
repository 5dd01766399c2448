import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { badRequest, HttpError } from './errors.ts';

/**
 * `Idempotency-Key` on the integration API's POSTs (docs/decisions/api.md, "Retries of the integration API"): the first
 * request with a key runs and its answer is stored; the same key with the same request within 24 hours answers that
 * stored answer again (the same ids, the same status) without doing anything; with another request, 422. While the
 * first still runs, a second one with the key answers 409 with Retry-After: 1, and runs nothing. Only a success is
 * kept: a request that failed (a 4xx, a 503) leaves no key, so its retry runs anew.
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

/**
 * Runs `run` once per key: answers with its result, or with the stored answer of the first request with this key.
 * Without the header it just runs.
 */
export async function idempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  fingerprint: () => Promise<string>,
  run: () => Promise<IdempotentAnswer>,
): Promise<unknown> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return send(reply, await run());
  const key = String(header);
  if (!KEY_PATTERN.test(key))
    throw badRequest(IDEMPOTENCY_MSG.malformed, { 'Idempotency-Key': IDEMPOTENCY_MSG.malformed });
  const print = await fingerprint();
  const db = ctx.db;
  const now = Date.now();
  const mine = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  // A key past its 24 hours is free again; so is one whose request died before it answered (past the request timeout).
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        mine,
        or(
          lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_HOURS * HOUR_MS)),
          and(
            eq(idempotencyKeys.state, 'running'),
            lt(idempotencyKeys.createdAt, new Date(now - ctx.config.timeouts.requestMs - 60_000)),
          ),
        ),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint: print, state: 'running' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length) return replay(db, reply, mine, print);
  let answer: IdempotentAnswer;
  try {
    answer = await run();
  } catch (err) {
    await db
      .delete(idempotencyKeys)
      .where(mine)
      .catch(() => undefined); // the database away: the key frees itself past the request timeout
    throw err;
  }
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', status: answer.status, body: answer.body, headers: answer.headers ?? {} })
    .where(mine);
  return send(reply, answer);
}

async function replay(db: Db, reply: FastifyReply, mine: ReturnType<typeof and>, print: string) {
  const [row] = await db.select().from(idempotencyKeys).where(mine);
  if (row && row.fingerprint !== print) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MSG.reused);
  if (!row || row.state === 'running') throw new HttpError(409, 'IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MSG.inUse, {}, 1);
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
