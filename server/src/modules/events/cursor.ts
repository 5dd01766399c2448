import { invalidCursor } from '../../lib/keyset.ts';

/**
 * A position in the change feed: the writing transaction's id and the event's id, both PostgreSQL `bigint`s, kept as
 * decimal strings (a JavaScript number loses digits past 2^53) and compared as numbers, never as text.
 */
export interface FeedPosition {
  txid: string;
  id: string;
}

/** The largest `bigint`: a cursor naming a number past it could only reach PostgreSQL as an error. */
const BIGINT_MAX = 2n ** 63n - 1n;
const FORM = /^f:(0|[1-9]\d{0,18})\.(0|[1-9]\d{0,18})$/;

/** The position as the cursor clients keep: opaque, base64url of `f:<txid>.<id>`. */
export const encodeFeedCursor = (p: FeedPosition) => Buffer.from(`f:${p.txid}.${p.id}`).toString('base64url');

/** The position a cursor names, or 400 INVALID_CURSOR: not ours, leading zeros, negative or past `bigint`. */
export function decodeFeedCursor(cursor: string): FeedPosition {
  if (cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const m = FORM.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || BigInt(m[1]) > BIGINT_MAX || BigInt(m[2]) > BIGINT_MAX) throw invalidCursor();
  return { txid: m[1], id: m[2] };
}

/** `a` after `b` in the feed's order: the transaction's id, then the event's, as numbers. */
export const isAfter = (a: FeedPosition, b: FeedPosition) =>
  BigInt(a.txid) > BigInt(b.txid) || (a.txid === b.txid && BigInt(a.id) > BigInt(b.id));
