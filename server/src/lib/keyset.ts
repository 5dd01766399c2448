import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MSG } from '@portal/domain';
import { HttpError } from './errors.ts';

/**
 * Keyset pages (docs/decisions/database.md, "Cursors"): a list ordered by `sort desc, id desc` is read from a
 * position, the (sort key, id) of a row, through an index ending in (sort column, id), so every page costs the same
 * whatever its depth. A cursor is that position, opaque to clients: base64url of a small JSON object, validated on
 * the way in (a forged or foreign cursor is a 400, never a 500).
 */

export const KEYSET_SORTS = ['updated_at', 'created_at', 'submitted_at'] as const;
export type KeysetSort = (typeof KEYSET_SORTS)[number];

/** Where a page starts or ends: one row's sort key (whole microseconds since the epoch) and id. */
export interface KeysetPosition {
  sort: KeysetSort;
  /** Microseconds as a decimal string: a JavaScript Date keeps only milliseconds, PostgreSQL keeps microseconds. */
  key: string;
  id: string;
}

/** A numbered page's boundary: which page it belongs to and whether it is that page's first or last row. */
export interface PageBoundary {
  page: number;
  edge: 'start' | 'end';
}

export type Cursor = KeysetPosition & { boundary?: PageBoundary };

const FINGERPRINT_LENGTH = 10;

/**
 * The sort keys a row can have: microseconds from the years 1 to 9999. A key outside (a crafted 19-digit one) would
 * reach PostgreSQL past `bigint` or past what a timestamp holds: a 400 here, never a 500 there.
 */
const KEY_MIN = -62_135_596_800_000_000n;
const KEY_MAX = 253_402_300_799_999_999n;

/** A cursor's sort key: a whole number of microseconds within the years a row's timestamp can have. */
export const keysetKey = z
  .string()
  .refine((k) => /^-?(0|[1-9]\d{0,17})$/.test(k) && BigInt(k) >= KEY_MIN && BigInt(k) <= KEY_MAX);

const cursorPayload = z.object({
  v: z.literal(1),
  s: z.enum(KEYSET_SORTS),
  k: keysetKey,
  i: z.uuid(),
  f: z.string().length(FINGERPRINT_LENGTH),
  p: z.int().min(1).max(1_000_000_000).optional(),
  e: z.enum(['start', 'end']).optional(),
});

/** A short digest of a list's filters (and sort): a cursor is only good for the list it came from. */
export function filtersFingerprint(filters: Record<string, unknown>): string {
  const stable = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((k) => [k, filters[k] ?? null]),
  );
  return createHash('sha256').update(stable).digest('base64url').slice(0, FINGERPRINT_LENGTH);
}

/** `filters` may be given as its fingerprint already (a page's two cursors share it). */
export function encodeCursor(cursor: Cursor, filters: Record<string, unknown> | string): string {
  const payload: z.infer<typeof cursorPayload> = {
    v: 1,
    s: cursor.sort,
    k: cursor.key,
    i: cursor.id,
    f: typeof filters === 'string' ? filters : filtersFingerprint(filters),
    ...(cursor.boundary && { p: cursor.boundary.page, e: cursor.boundary.edge }),
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export const invalidCursor = () => new HttpError(400, 'INVALID_CURSOR', MSG.invalidCursor);

/** The JSON inside an opaque cursor (base64url), or a 400 when it is none. */
export function cursorJson(cursor: string, maxLength = 512): unknown {
  if (cursor.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

/** The cursor's position, or a 400 when it does not decode or belongs to another list or sort. */
export function decodeCursor(cursor: string, expected: { sort: KeysetSort; filters: Record<string, unknown> }): Cursor {
  const json = cursorJson(cursor);
  const parsed = cursorPayload.safeParse(json);
  if (!parsed.success) throw invalidCursor();
  const c = parsed.data;
  if (c.s !== expected.sort || c.f !== filtersFingerprint(expected.filters)) throw invalidCursor();
  if ((c.p === undefined) !== (c.e === undefined)) throw invalidCursor();
  return { sort: c.s, key: c.k, id: c.i, ...(c.p !== undefined && { boundary: { page: c.p, edge: c.e! } }) };
}

/** The sort key of a row as the cursor keeps it (select it beside the row). */
export const keyOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The key back as a timestamp, exactly (integer arithmetic: no floating point between). */
export const timestampOf = (key: SQL | string) =>
  sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`;

/**
 * Rows past a position in the list's order (and the position's own, when inclusive): `older` reads on down the list (`sort desc, id desc`), `newer` back up.
 * Written as one row comparison, which an index on (…, sort column, id) serves as a range.
 */
export function pastPosition(
  columns: { sort: SQL; id: SQL },
  at: { key: SQL | string; id: SQL | string },
  direction: 'older' | 'newer',
  /** The position's own row too. */
  inclusive = false,
): SQL {
  const op = sql.raw((direction === 'older' ? '<' : '>') + (inclusive ? '=' : ''));
  return sql`(${columns.sort}, ${columns.id}) ${op} (${timestampOf(at.key)}, ${at.id}::uuid)`;
}
