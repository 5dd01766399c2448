import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * `ETag` and `If-Match` of the integration API (RFC 9110 section 13): a draft, a submission, a partner configuration
 * or a webhook carries an ETag, the version of the record; an update sent with `If-Match` applies only while that is
 * still the version, checked under the row's lock in the transaction of the change, so of two clients holding the same
 * ETag one wins and the other gets 412 (no lost update).
 *
 * Drafts and submissions carry a row version: a number the database adds one to at every write of the row or of a
 * child row of its representation (migration 0040_row_versions), so two writes in the same millisecond, or a write
 * by a background job, never leave the same tag on two representations. Partner configurations and webhooks are
 * still versioned by their update time.
 */
export type RowVersion = number | Date;

/** A strong entity tag of one version of a record. */
export const etagOf = (kind: string, version: RowVersion) =>
  typeof version === 'number' ? `"${kind}-v${version}"` : `"${kind}-${version.getTime().toString(36)}"`;

export const PRECONDITION_FAILED_MESSAGE =
  'This was changed since you read it (If-Match no longer matches its ETag): read it again, then send your change.';

export const preconditionFailed = () => new HttpError(412, 'PRECONDITION_FAILED', PRECONDITION_FAILED_MESSAGE);

/** Checks the current version of a record against the request's If-Match; run it under the record's lock. */
export type Precondition = (version: RowVersion) => void;

/** The request's If-Match as a check, or undefined when it sent none (the update applies, last write wins). */
export function ifMatchOf(request: FastifyRequest, kind: string): Precondition | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const tags = String(header)
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return (version) => {
    if (tags.includes('*')) return;
    if (!tags.includes(etagOf(kind, version))) throw preconditionFailed();
  };
}

/** Sets the answer's ETag. */
export const sendEtag = (reply: FastifyReply, kind: string, version: RowVersion) =>
  reply.header('etag', etagOf(kind, version));
