import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';

/** The database or a transaction on it (client.ts's Tx, typed by what is used here: client.ts imports this file). */
type Tx = { execute(query: SQL): PromiseLike<unknown> };

/**
 * The one lock order of the server (docs/decisions/database.md, "The lock order is code"). Every lock a transaction
 * takes, a row lock or an advisory lock, is of one kind below, and a transaction takes its kinds in rank order: it
 * may take a kind again, or a later one, never an earlier one while it holds a later one. Within a kind, several keys
 * are taken in ascending order (lock() sorts them; a row query that locks several rows orders them by their key).
 * Then a transaction waiting for a lock only ever waits for one later in the order than every lock it holds, and no
 * two transactions can wait on each other in a circle: no deadlock between the paths that follow it.
 *
 * Why each kind sits where it does is written beside it. In short: what names the work comes first (the demo seed,
 * an Idempotency-Key, the company's upload quota), then the rows that own a change (a partner's configuration, an
 * ingestion organization and job, a draft, the catalogued products), then the submissions they change, then what a
 * submission change maintains in the same transaction (its counts, the staff totals, the company catalogues' EAN-13
 * locks and listed counts), and last the rows no other kind waits behind (review claims, queued jobs).
 *
 * The helpers take a lock and record its kind on the transaction: lock() for advisory keys, forUpdate() for a drizzle
 * query that locks the rows it reads, taken() for a statement that locks rows by writing them (an upsert, a claim's
 * insert) or a query that keeps its FOR UPDATE inline. A kind taken after a later one in the same transaction is a
 * violation: recorded (lockOrderViolations) and, under test (VITEST, or LOCK_ORDER_STRICT=on), thrown, so that a
 * test that runs a path taking its locks otherwise fails. Taking again keys this transaction already holds is no new
 * lock and never a violation. Outside a transaction (the database itself given as Tx) a lock ends with its statement
 * and nothing is recorded. A savepoint (a nested tx.transaction) is recorded as a transaction of its own.
 */

/** One kind of lock: where it sits in the order, and what it locks. */
export interface LockKind {
  readonly name: string;
  /** Its place in the order: a transaction takes kinds in ascending rank. */
  readonly rank: number;
  /** The table whose rows it locks, or the advisory-lock space (two int4 keys: the space, then the key). */
  readonly on: { table: string } | { advisory: number; keyed: boolean };
}

const row = (name: string, rank: number, table: string): LockKind => ({ name, rank, on: { table } });
const advisory = (name: string, rank: number, space: number, keyed = true): LockKind => ({
  name,
  rank,
  on: { advisory: space, keyed },
});

/**
 * Every kind, in rank order. The reasons:
 *
 * - demoSeed: instances starting together on an empty database take turns on it, first thing in the seeding
 *   transaction, and look again whether the database is empty once they hold it (demo/seed.ts).
 * - idempotencyKey: the key's row, claimed by its insert first in the work's transaction (lib/idempotency.ts): a
 *   second request with the key waits there, before it holds anything the first one needs.
 * - uploadQuota: per company, around the write of new files (a draft's, a resubmission's, a bulk upload's, catalogue
 *   images), which then locks its draft, submission or job (uploads/quota.ts).
 * - stockReasons: per partner (-1: every partner's), so that two additions cannot both pass the cap; alone in its
 *   transaction (review/service.ts).
 * - company: a company's row, so that two webhook endpoints created at once cannot both pass the cap; alone in its
 *   transaction (webhooks/service.ts).
 * - webhookEndpoint: an endpoint's row, its If-Match checked under it; alone in its transaction.
 * - partnerConfig: a partner's configuration row: settings and logo changes check their If-Match under it, and rule
 *   saves read the version they follow under it (readiness/repository.ts lockOwnRules). The recompute of the
 *   partner's submissions that follows is a job of its own; were it made in the change's transaction, it would lock
 *   them after this row, so the row comes before the submissions.
 * - ingestionOrganization: an organization's row, so that two workers' scan batches take turns; a batch then makes
 *   its job (bulk-ingestion/pipeline.ts).
 * - ingestionJob: a bulk job's row: mapping its files, submitting the identified ones (which then create or add to
 *   submissions) and marking it processed happen one at a time per job.
 * - draft: a draft's row, then its files: every change of a draft validates what it read under it, and Submit then
 *   creates the submissions (drafts/repository.ts lockedDraft).
 * - cataloguedProduct: catalogued products' rows, by EAN-13: cataloguing a submission, the certified-values import
 *   and delisting write the product first, then change the submissions' statuses (docs/decisions/database.md, "One
 *   lock order for cataloguing").
 * - submission: submissions' rows, by id: every status change, file change and edit, and the readiness recompute
 *   (submissions/repository.ts, readiness/store.ts). A row this transaction inserted is its own until it commits.
 * - submissionCounts: the maintained count rows, by (company, partner, status), written by one upsert per transaction
 *   after its submissions (submissions/counts.ts; a transaction that changes many submissions collects their changes
 *   with countChangesTogether, so its count rows come after all of its submissions).
 * - statusTotals: the staff totals' striped rows, by (status, partner, stripe), after the count rows whose deltas
 *   they repeat; the recount of a stripe locks its rows and only reads count rows (a plain read waits on no lock).
 * - catalogueEan: per EAN-13, a company catalogue row is refreshed under it, after the counts and totals of its
 *   transaction and after the product rows (catalogue/queries/membership.ts); company_catalogue rows are only ever
 *   written under it, so they are never waited for and need no kind of their own.
 * - companyCatalogueCounts: the listed counts, by company, after the catalogue rows they count.
 * - reviewClaim: a decision releases the item's claims last; a claim is written by a statement of its own that holds
 *   nothing else.
 * - job: a queued job's row, locked by the jobs console to retry or discard it; alone in its transaction. Workers
 *   claim jobs with SKIP LOCKED (jobs/queue.ts), which never waits, so the claim is outside the order.
 *
 * The schema migration at start takes MIGRATION_LOCK on a connection of its own, outside any transaction: it is
 * outside the order too. So are the triggers that keep the search's dictionary (migrations 0076, 0078): a
 * transaction that writes a submission or a catalogued product inserts a new word only under
 * pg_try_advisory_xact_lock(727320, one of 256 buckets of words), and leaves a word whose bucket another transaction
 * holds, so it never waits there.
 */
export const LOCK = {
  demoSeed: advisory('demoSeed', 10, 727_275, false),
  idempotencyKey: row('idempotencyKey', 20, 'idempotency_keys'),
  uploadQuota: advisory('uploadQuota', 30, 727_301),
  stockReasons: advisory('stockReasons', 40, 727_311),
  company: row('company', 50, 'companies'),
  webhookEndpoint: row('webhookEndpoint', 60, 'webhook_endpoints'),
  partnerConfig: row('partnerConfig', 70, 'partner_configurations'),
  ingestionOrganization: row('ingestionOrganization', 80, 'bulk_ingestion_organizations'),
  ingestionJob: row('ingestionJob', 90, 'bulk_ingestion_jobs'),
  draft: row('draft', 100, 'draft_submissions'),
  cataloguedProduct: row('cataloguedProduct', 110, 'catalogued_products'),
  submission: row('submission', 120, 'product_submissions'),
  submissionCounts: row('submissionCounts', 130, 'submission_counts'),
  statusTotals: row('statusTotals', 140, 'submission_status_totals'),
  catalogueEan: advisory('catalogueEan', 150, 727_302),
  companyCatalogueCounts: row('companyCatalogueCounts', 160, 'company_catalogue_counts'),
  reviewClaim: row('reviewClaim', 170, 'review_claims'),
  job: row('job', 180, 'jobs'),
} as const satisfies Record<string, LockKind>;

/** The session-level advisory lock under which one starting instance migrates the schema while the others wait. */
export const MIGRATION_LOCK = 727_274;
export const MIGRATION_LOCK_SQL = `SELECT pg_advisory_lock(${MIGRATION_LOCK})`;

/** A key of a lock within its kind: a row's id or key, an advisory key. */
export type LockKey = string | number;

/** A kind taken after a later one in the same transaction. */
export interface LockOrderViolation {
  taken: string;
  after: string;
  /** The kinds the transaction had taken, in order. */
  held: string[];
}

export class LockOrderError extends Error {
  constructor(readonly violation: LockOrderViolation) {
    super(
      `Lock order: ${violation.taken} taken after ${violation.after} (held: ${violation.held.join(', ')}); ` +
        'see server/src/db/lock-order.ts',
    );
  }
}

interface Held {
  /** The highest-ranked kind taken so far. */
  last: LockKind | null;
  kinds: string[];
  keys: Map<string, Set<string>>;
}

const heldBy = new WeakMap<object, Held>();
const violations: LockOrderViolation[] = [];
/** Violations kept for lockOrderViolations (a test reads them; in production they only grow to this). */
const KEPT = 100;

let strictOverride: boolean | null = null;
const strict = () => strictOverride ?? (Boolean(process.env.VITEST) || process.env.LOCK_ORDER_STRICT === 'on');

/**
 * For a test that shows what a path out of the order does without the check (PostgreSQL's deadlock): false records
 * violations without throwing, null goes back to the default.
 */
export const setLockOrderStrict = (value: boolean | null) => void (strictOverride = value);

/** The violations recorded in this process since the last clearLockOrderViolations. */
export const lockOrderViolations = (): readonly LockOrderViolation[] => violations;
export const clearLockOrderViolations = () => void violations.splice(0);

/**
 * Records that the transaction takes (or has just taken) locks of this kind on these keys (none given: keys not
 * known, a new lock), and checks the order: a violation is recorded and, under test, thrown before the lock is taken.
 * For a statement that locks rows by writing them (an upsert, an insert), or one that keeps its FOR UPDATE inline.
 */
export function taken(tx: Tx, kind: LockKind, keys?: readonly LockKey[]): void {
  if (!(tx instanceof PgTransaction)) return;
  let held = heldBy.get(tx);
  if (!held) heldBy.set(tx, (held = { last: null, kinds: [], keys: new Map() }));
  const own = held.keys.get(kind.name);
  const fresh = keys === undefined || keys.length === 0 || !own || keys.some((k) => !own.has(String(k)));
  if (fresh && held.last && kind.rank < held.last.rank) {
    const violation = { taken: kind.name, after: held.last.name, held: [...held.kinds] };
    if (violations.length < KEPT) violations.push(violation);
    if (strict()) throw new LockOrderError(violation);
  }
  if (held.kinds.at(-1) !== kind.name) held.kinds.push(kind.name);
  if (!held.last || kind.rank > held.last.rank) held.last = kind;
  if (keys?.length) {
    const set = own ?? new Set<string>();
    for (const k of keys) set.add(String(k));
    held.keys.set(kind.name, set);
  }
}

/** Keys in ascending order, without repeats: numbers by value, text by code unit (as `collate "C"`). */
export function ascending<K extends LockKey>(keys: readonly K[]): K[] {
  return [...new Set(keys)].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
  );
}

/**
 * Takes an advisory kind's transaction-level locks on these keys (int4), in ascending order, in one statement (unnest
 * yields the keys in the array's order, and each lock is taken as its row is). A kind that is not keyed takes its one
 * lock: lock(tx, LOCK.demoSeed).
 */
export async function lock(tx: Tx, kind: LockKind, keys: readonly number[] = []): Promise<void> {
  if (!('advisory' in kind.on)) throw new Error(`${kind.name} locks rows: take it with forUpdate or declare it taken`);
  const { advisory: space, keyed } = kind.on;
  if (!keyed) {
    taken(tx, kind, [space]);
    await tx.execute(sql`select pg_advisory_xact_lock(${space})`);
    return;
  }
  const sorted = ascending(keys);
  if (!sorted.length) return;
  taken(tx, kind, sorted);
  if (sorted.length === 1) await tx.execute(sql`select pg_advisory_xact_lock(${space}::int4, ${sorted[0]}::int4)`);
  else
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(${space}::int4, k)) from unnest(${`{${sorted.join(',')}}`}::int4[]) k`,
    );
}

/** A drizzle select that can lock the rows it reads. */
interface Lockable<R> {
  for(strength: 'update'): PromiseLike<R>;
}

/**
 * Runs a drizzle select as SELECT … FOR UPDATE, the kind's place in the order checked first. `keys`, when the rows'
 * keys are known, lets a transaction lock again rows it holds already (no new lock). A query that locks several rows
 * orders them by their key.
 */
export async function forUpdate<R>(tx: Tx, kind: LockKind, query: Lockable<R>, keys?: readonly LockKey[]): Promise<R> {
  if (!('table' in kind.on)) throw new Error(`${kind.name} is an advisory lock: take it with lock`);
  taken(tx, kind, keys);
  return query.for('update');
}
