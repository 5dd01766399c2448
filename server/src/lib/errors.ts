import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { MSG } from '@portal/domain';
import { isDependencyUnavailable } from './dependency-errors.ts';

/** The one error shape every endpoint answers with. */
export interface ErrorBody {
  code: string;
  message: string;
  reason?: string;
  fields?: Record<string, string>;
  /** Per-row problems of an import (IMPORT_INVALID). */
  rows?: unknown[];
}

/**
 * Errors are RFC 9457 problem details (`application/problem+json`): `type` (a URN naming our code), `title` (the
 * status's phrase), `status` and `detail` (the message), beside our own `code`, `message`, `fields`, which the web app
 * and existing clients read, unchanged.
 */
export const PROBLEM_TYPE_PREFIX = 'urn:producthub:problem:';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
export function problemDetails(status: number, body: ErrorBody) {
  return {
    type: PROBLEM_TYPE_PREFIX + body.code.toLowerCase().replace(/_/g, '-'),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: body.message,
    ...body,
  };
}
export function sendProblem(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type(PROBLEM_CONTENT_TYPE).send(problemDetails(status, body));
}

export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public extra: Pick<ErrorBody, 'reason' | 'fields' | 'rows'> = {},
    /** Sent as Retry-After (seconds); a 503 without one gets DEPENDENCY_RETRY_AFTER_SECONDS. */
    public retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'BAD_REQUEST', message, { fields });
export const unauthorized = (message: string = MSG.sessionExpired, reason?: string) =>
  new HttpError(401, 'UNAUTHORIZED', message, { reason });
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, 'FORBIDDEN', message);
/** Also used for things that exist but belong to another company: never reveal them. */
export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'RATE_LIMITED', message, {}, Math.max(1, Math.ceil(retryAfterSeconds)));

export function zodFields(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What busboy (the multipart parser) throws on a body that is malformed or cut short: the client's fault. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|file|multipart data)|Malformed part header|Part terminated early|Premature close|aborted)/;
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read: the multipart/form-data body is malformed or was cut short. Please send it again.';

const CODE_BY_STATUS: Record<number, string> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};
/** How long a client should wait before trying again when the database or the file storage is away. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;
/**
 * Says no more than is known: the outage may have come after a commit (its answer lost on the way back), so the
 * request may have taken effect. A retry with the same Idempotency-Key replays it instead of doing it twice.
 */
export const DEPENDENCY_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable: this request may not have been completed. Please try again in a few seconds, with the same Idempotency-Key if you sent one.';

/** A dependency's outage, as every endpoint answers it: 503, Retry-After, and a code clients can act on. */
export const dependencyUnavailable = () => new HttpError(503, 'DEPENDENCY_UNAVAILABLE', DEPENDENCY_UNAVAILABLE_MESSAGE);

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Send the body as application/json (files as multipart/form-data).';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, request, reply) => {
    if (err instanceof HttpError) {
      const body: ErrorBody = { code: err.code, message: err.message, ...err.extra };
      const retryAfter = err.retryAfterSeconds ?? (err.status === 503 ? DEPENDENCY_RETRY_AFTER_SECONDS : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return sendProblem(reply, err.status, body);
    }
    if (isDependencyUnavailable(err)) {
      // Not the request's fault and not a bug: the database or the store is away. Logged once, briefly.
      request.log.warn(
        { err: { message: err.message, code: (err as { code?: unknown }).code } },
        'dependency unavailable',
      );
      reply.header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS));
      return sendProblem(reply, 503, { code: 'DEPENDENCY_UNAVAILABLE', message: DEPENDENCY_UNAVAILABLE_MESSAGE });
    }
    if (err instanceof ZodError) {
      const fields = zodFields(err);
      const body: ErrorBody = {
        code: 'VALIDATION_FAILED',
        message: Object.entries(fields)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; '),
        fields,
      };
      return sendProblem(reply, 400, body);
    }
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message)) {
      return sendProblem(reply, 400, { code: 'MALFORMED_UPLOAD', message: MALFORMED_UPLOAD_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      // Internals stay in the log; the request id lets support find them.
      return sendProblem(reply, 500, { code: 'INTERNAL', message: `${MSG.serverError} (ref ${request.id})` });
    }
    // Our codes, not the framework's (FST_ERR_CTP_…): clients see the one vocabulary of ErrorBody codes.
    const code = CODE_BY_STATUS[status] ?? (err.code && !err.code.startsWith('FST_') ? err.code : 'BAD_REQUEST');
    const message =
      status === 429 ? MSG.tooManyAttempts : status === 415 ? UNSUPPORTED_MEDIA_TYPE_MESSAGE : err.message;
    return sendProblem(reply, status, { code, message });
  });
}
