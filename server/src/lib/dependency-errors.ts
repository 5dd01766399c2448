/**
 * Telling a dependency's outage from a bad request or bad content. A PostgreSQL server that restarts, an object store
 * that is away, an SMTP relay that says "try later": none of them is the user's fault, none of them is a reason to
 * give up on work, and all of them pass. The HTTP layer answers them 503 with Retry-After; the job runner retries them
 * with backoff up to a horizon, without spending the attempts meant for content that cannot be processed.
 *
 * A transaction PostgreSQL rolled back because it met another (a deadlock it broke, a serialization failure) is a
 * class of its own: nothing is away, the same work usually succeeds at once when tried again, but work that meets one
 * every time has a cause of its own to find. The job runner retries it a few times, spending attempts, and counts it.
 */

/** Node's socket and DNS errors that say the other side is unreachable or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // nodemailer's codes for a relay it could not reach or that dropped the line
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), shutdown and restart
 * (57P01-57P03), too many connections (53300), out of disk (53400), a statement or lock wait the server cancelled at
 * its own timeout, a little under the client's (57014, 55P03), and the pool's own timeout below.
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|57014|55P03|53300|53400)$/;

/** A transaction the server rolled back to let others through: a deadlock it broke, a serialization failure. */
const POSTGRES_CONFLICT = /^(40P01|40001)$/;

/**
 * The drivers' messages for a connection that broke or could not be had, which they give no code: pg's, and
 * nodemailer's for a relay that closed the line or never greeted.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|connection timeout|Connection closed|Unexpected socket close|Greeting never received)/i;

/** S3's answers that mean "the store, not your request": throttling and server errors. */
const S3_RETRYABLE_NAMES = new Set([
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'NetworkingError',
  'ThrottlingException',
]);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  responseCode?: unknown;
  $metadata?: { httpStatusCode?: number };
}

function isUnavailableHere(e: ErrorLike): boolean {
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  if (typeof e.name === 'string' && S3_RETRYABLE_NAMES.has(e.name)) return true;
  if (e instanceof DependencyUnavailableError) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  // SMTP 4xx: a temporary refusal ("try again later"); 5xx is a permanent one about this message.
  if (typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500) return true;
  return false;
}

/** Whether the error, or an error it wraps (drizzle's `cause`, an AggregateError's `errors`), passes the test. */
function anyWrapped(err: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 8) return false;
  const e = err as ErrorLike;
  if (test(e)) return true;
  if (e.cause && anyWrapped(e.cause, test, depth + 1)) return true;
  if (Array.isArray(e.errors)) return e.errors.some((inner) => anyWrapped(inner, test, depth + 1));
  return false;
}

/** True when the error says a dependency is away for now (an outage), not that the request or the content is wrong. */
export const isDependencyOutage = (err: unknown): boolean => anyWrapped(err, isUnavailableHere);

/** True when PostgreSQL rolled the transaction back because it met another: a deadlock (40P01) or 40001. */
export const isTransactionConflict = (err: unknown): boolean =>
  anyWrapped(err, (e) => typeof e.code === 'string' && POSTGRES_CONFLICT.test(e.code));

/**
 * True when the same request may simply be sent again: a dependency's outage or a transaction conflict. What the
 * HTTP layer answers 503 with Retry-After; the job runner tells the two apart (isDependencyOutage,
 * isTransactionConflict).
 */
export const isDependencyUnavailable = (err: unknown): boolean => isDependencyOutage(err) || isTransactionConflict(err);

/** Thrown by our own code when it knows a dependency is away (a call that passed its time limit, say). */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'database' | 'storage' | 'mail' | 'media',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Rejects with DependencyUnavailableError when the promise has not settled within `ms`. */
export function withinTime<T>(
  promise: Promise<T>,
  ms: number,
  dependency: DependencyUnavailableError['dependency'],
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(
        () => reject(new DependencyUnavailableError(dependency, `The ${dependency} did not answer within ${ms} ms`)),
        ms,
      );
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
