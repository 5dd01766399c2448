import { MSG } from '@portal/domain';
import { ApiError } from './api-error.ts';
import { apiErrorMessage, notAuthorized } from './api-events.ts';

export const API_BASE = '/api';

/** For a status whose answer the server words for the user (a 409's "This item no longer waits for a decision."). */
export const SERVER_MESSAGE: unique symbol = Symbol('the server says why');

/** Per-status message overrides; null means "say nothing for this status", SERVER_MESSAGE "say what the server said". */
export type StatusMessages = Partial<Record<number, string | null | typeof SERVER_MESSAGE>>;

/**
 * true (default): generic messages; false: say nothing; a map: generic messages
 * except for the statuses it names.
 */
export type NotifyOption = boolean | StatusMessages;

export type FormFields = Record<string, string | number | undefined>;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** A plain object or URLSearchParams is sent urlencoded, FormData as multipart. */
  form?: FormFields | URLSearchParams | FormData;
  notify?: NotifyOption;
  signal?: AbortSignal;
}

/** The generic message of part 1 section 8 for a failed status. */
export function genericErrorMessage(status: number): string {
  if (status === 403) return MSG.forbidden;
  if (status === 401) return MSG.sessionExpired;
  if (status === 404) return MSG.notFound;
  return MSG.serverError;
}

/** What the user is told for a failure, or null for nothing. said: the message of the server's answer, if any. */
export function messageForFailure(status: number, notify: NotifyOption = true, said?: string): string | null {
  if (notify === false) return null;
  if (typeof notify === 'object' && status in notify) {
    const override = notify[status];
    if (override === SERVER_MESSAGE) return said || genericErrorMessage(status);
    return override ?? null;
  }
  return genericErrorMessage(status);
}

/** A caller that names 401 knows what it means there (e.g. a wrong old password), not an expired session. */
const callerHandles401 = (notify: NotifyOption | undefined) => typeof notify === 'object' && 401 in notify;

/** REST call under /api. Resolves with the parsed body (undefined for 204), rejects with ApiError. */
export function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return request<T>(`${API_BASE}${path}`, options);
}

/**
 * Reads made ahead of the page that needs them (readAhead), by their request (method, address, JSON body), each
 * taken once by the page's identical request while fresh.
 */
const readsAhead = new Map<string, { at: number; result: Promise<unknown> }>();
const READ_AHEAD_FRESH_MS = 10_000;
let readingAhead = false;
/** REST reads too: only for a read ahead made once the visitor is known to be signed in and allowed the page. */
let readingRestAhead = false;

/**
 * Runs `read`, a page's own first read (its fetch function, with the arguments the page will give it), as soon as
 * the route is known: on a slow connection the page's code is still on its way, and the answer is then there when
 * the page asks, instead of a round trip after it. The requests `read` makes are sent and kept for the page; `read`
 * itself never sees their answers, so it reports nothing (the session may not even be known yet): a failed read
 * ahead is simply asked again by the page, with the page's own handling.
 */
export function readAhead(read: () => unknown, { rest = false }: { rest?: boolean } = {}) {
  readingAhead = true;
  readingRestAhead = rest;
  try {
    void Promise.resolve(read()).catch(() => {});
  } finally {
    readingAhead = false;
    readingRestAhead = false;
  }
}

/**
 * Answers the server wrote into the page for the page's own first reads (server/src/first-reads.ts), by the key of
 * the request each answers: taken like reads made ahead, so the page's identical first request is never sent.
 */
export function answeredInPage(answers: Record<string, unknown>) {
  for (const [key, body] of Object.entries(answers))
    readsAhead.set(key, { at: Date.now(), result: Promise.resolve(body) });
}

function takeReadAhead(key: string) {
  const ahead = readsAhead.get(key);
  readsAhead.delete(key);
  return ahead && Date.now() - ahead.at <= READ_AHEAD_FRESH_MS ? ahead.result : null;
}

/** The same handling for any same-origin URL (GraphQL uses it for /graphql). */
export function request<T>(url: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', json, form } = options;
  // Only reads are made ahead (see below), and only JSON or bodiless requests are matched with them.
  const key = form === undefined ? `${method} ${url} ${json === undefined ? '' : JSON.stringify(json)}` : null;
  if (readingAhead) {
    // GraphQL queries only: GraphQL answers 200 to a visitor who is not signed in or may not see the page (the
    // errors are in the body), where a REST read would log a failed request in the console of the login page. REST
    // reads only for a loader that knows the visitor is signed in and may see the page (`rest`).
    const query = (json as { query?: unknown } | undefined)?.query;
    const isQuery = url === '/graphql' && typeof query === 'string' && !/^\s*mutation\b/.test(query);
    // One already made ahead, or answered in the page, is not asked again.
    const wanted = isQuery || (readingRestAhead && method === 'GET' && url.startsWith(`${API_BASE}/`));
    if (key && wanted && !readsAhead.has(key)) {
      // An answer with GraphQL errors (not signed in yet, say) counts as failed: the page asks again.
      const result = send(url, { ...options, signal: undefined }, true).then((body) => {
        if (body && typeof body === 'object' && 'errors' in body) throw new Error('The read ahead failed.');
        return body;
      });
      result.catch(() => {});
      readsAhead.set(key, { at: Date.now(), result });
    }
    return new Promise<T>(() => {}); // the read ahead's own caller waits for nothing
  }
  const ahead = key ? takeReadAhead(key) : null;
  if (ahead) return ahead.catch(() => send(url, options)) as Promise<T>;
  return send<T>(url, options);
}

/** One request; `silent`: a failure is only thrown, never reported (no message, no end of the session). */
async function send<T>(url: string, options: ApiFetchOptions, silent = false): Promise<T> {
  const { method = 'GET', json, form, notify = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (form !== undefined) {
    // The browser sets the urlencoded or multipart content type (with its boundary) itself.
    body = form instanceof FormData || form instanceof URLSearchParams ? form : toSearchParams(form);
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    // No answer at all (offline, server down): treat like a server error.
    throw fail(new ApiError({ status: 0, statusText: 'Network error' }), notify, silent);
  }

  if (!response.ok) throw fail(await toApiError(response), notify, silent);
  return (await readBody(response)) as T;
}

function fail(error: ApiError, notify: NotifyOption, silent: boolean): ApiError {
  if (!silent) reportFailedStatus(error.status, notify, error.serverMessage);
  return error;
}

/** The generic handling of a failed status: its message, and for an unexpected 401 the end of the session. */
export function reportFailedStatus(status: number, notify: NotifyOption = true, said?: string) {
  const message = messageForFailure(status, notify, said);
  if (message) apiErrorMessage.emit(message);
  if (status === 401 && !callerHandles401(notify)) notAuthorized.emit();
}

function toSearchParams(fields: FormFields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) params.append(key, String(value));
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: Record<string, unknown> = {};
  try {
    const parsed = await readBody(response);
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // An unreadable error body still leaves the status to go by.
  }
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    code: str(payload.code),
    reason: str(payload.reason),
    message: str(payload.message),
    fields: isStringMap(payload.fields) ? payload.fields : undefined,
    body: payload,
  });
}

function isStringMap(value: unknown): value is Record<string, string> {
  return !!value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');
}
