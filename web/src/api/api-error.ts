/** A non-OK answer from the server, in the shape every endpoint uses: {code, message, fields?}. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  /** Finer cause some endpoints add, e.g. login's INVALID_CREDENTIALS. */
  readonly reason: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** The whole error body, for endpoints that say more (e.g. an import's rows). */
  readonly body: Record<string, unknown>;
  /** The message the server wrote, '' when it sent none (message then falls back to the status). */
  readonly serverMessage: string;

  constructor(init: {
    status: number;
    statusText: string;
    code?: string;
    reason?: string;
    message?: string;
    fields?: Record<string, string>;
    body?: Record<string, unknown>;
  }) {
    super(init.message || init.statusText || `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.reason = init.reason;
    this.fields = init.fields;
    this.body = init.body ?? {};
    this.serverMessage = init.message ?? '';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
