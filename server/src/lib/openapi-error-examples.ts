import { z } from 'zod';
import {
  API_TOKEN_MSG,
  DRAFT_MSG,
  JOBS_MSG,
  MSG,
  PARTNER_SETTINGS_MSG,
  PEOPLE_MSG,
  SHIPPING_PROFILE_MSG,
  TOKEN_AREA_SCOPES,
  tokenAreaOfRoute,
  transitionError,
  UPLOAD_MSG,
  WEBHOOK_MSG,
} from '@portal/domain';
import {
  DEPENDENCY_UNAVAILABLE_MESSAGE,
  MALFORMED_UPLOAD_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  type ErrorBody,
} from './errors.ts';
import { IDEMPOTENCY_MSG } from './idempotency.ts';
import { PRECONDITION_FAILED_MESSAGE } from './preconditions.ts';

/**
 * The error examples of the OpenAPI document, each operation's own: what that operation answers for the status, in
 * its area's words (a webhook route's 404 is "Webhook not found.", its 403 names the webhook scopes). Messages the
 * server gives the same way on every route (GENERIC_ERROR_EXAMPLES) are the only ones shared across areas;
 * server/test/openapi-lint.test.ts holds every other example to its area.
 */

/** What the server answers the same way wherever it happens (the idempotency store, preconditions, the database). */
export const GENERIC_ERROR_EXAMPLES = {
  401: { code: 'UNAUTHORIZED', message: MSG.sessionExpired },
  401.1: { code: 'UNAUTHORIZED', reason: 'TOKEN_INVALID', message: API_TOKEN_MSG.invalid },
  401.2: { code: 'UNAUTHORIZED', message: API_TOKEN_MSG.missing },
  403: { code: 'FORBIDDEN', message: MSG.forbidden },
  403.1: { code: 'SESSION_REQUIRED', message: API_TOKEN_MSG.sessionOnly },
  400: { code: 'MALFORMED_UPLOAD', message: MALFORMED_UPLOAD_MESSAGE },
  409: { code: 'IDEMPOTENCY_KEY_IN_USE', message: IDEMPOTENCY_MSG.inUse },
  412: { code: 'PRECONDITION_FAILED', message: PRECONDITION_FAILED_MESSAGE },
  413: { code: 'PAYLOAD_TOO_LARGE', message: `front.jpg: ${UPLOAD_MSG.size}` },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE },
  422: { code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MSG.reused },
  429: { code: 'RATE_LIMITED', message: API_TOKEN_MSG.rateLimited },
  503: { code: 'DEPENDENCY_UNAVAILABLE', message: DEPENDENCY_UNAVAILABLE_MESSAGE },
} satisfies Record<number, ErrorBody>;

const notFound = (message: string): ErrorBody => ({ code: 'NOT_FOUND', message });
const conflict = (message: string, code = 'CONFLICT'): ErrorBody => ({ code, message });

/** By the operation's first tag: its area's 404 and 409, as its services word them. */
const BY_TAG: Record<string, Partial<Record<404 | 409 | 429, ErrorBody>>> = {
  'Sign-in': { 429: { code: 'RATE_LIMITED', message: MSG.tooManyAttempts } },
  Account: { 409: conflict(MSG.emailTaken) },
  People: { 404: notFound(PEOPLE_MSG.companyNotFound), 409: conflict(PEOPLE_MSG.companyNameTaken) },
  Partners: {
    404: notFound('No such partner configuration.'),
    409: conflict(PARTNER_SETTINGS_MSG.changedMeanwhile),
  },
  Drafts: { 404: notFound('Draft not found.'), 409: conflict(DRAFT_MSG.submittedMeanwhile, 'DRAFT_SUBMITTED') },
  'Drafts (v1)': {
    404: notFound('Draft not found.'),
    409: conflict(DRAFT_MSG.submittedMeanwhile, 'DRAFT_SUBMITTED'),
  },
  'Bulk ingestion': {
    404: notFound('Job not found.'),
    409: conflict('This company already has bulk ingestion access.'),
  },
  Submissions: {
    404: notFound('Submission not found.'),
    409: conflict(transitionError('ACCEPTED', 'SUBMITTED'), 'INVALID_TRANSITION'),
  },
  'Submissions (v1)': { 404: notFound('Submission not found.') },
  'Review workspace': {
    404: notFound('Submission not found.'),
    409: conflict(transitionError('ACCEPTED', 'ADMIN_REJECTED'), 'INVALID_TRANSITION'),
  },
  Catalogue: {
    404: notFound('Product not found.'),
    409: conflict('This product is already delisted.', 'INVALID_TRANSITION'),
  },
  'Events (v1)': { 404: notFound('Company not found.') },
  'Shipping profiles': {
    404: notFound(SHIPPING_PROFILE_MSG.notFound),
    409: conflict(SHIPPING_PROFILE_MSG.duplicateName),
  },
  'Brand profiles': { 404: notFound('No such brand profile.') },
  Webhooks: { 404: notFound(WEBHOOK_MSG.notFound), 409: conflict(WEBHOOK_MSG.inactive) },
  'API tokens': { 404: notFound('No such API token.') },
  API: { 404: notFound('File not found.') },
  'Jobs console': { 404: notFound('This job no longer exists.'), 409: conflict(JOBS_MSG.notFailed) },
};

/** What an operation is, for its examples. */
export interface ExampleContext {
  method: string;
  url: string;
  tags: readonly string[];
  public?: boolean;
  sessionOnly?: boolean;
  /** The route's own examples, where its area's would mislead. */
  own?: Partial<Record<number, ErrorBody>>;
  /** Its inputs, to make its 400 from what it really refuses. */
  inputs: { body?: unknown; querystring?: unknown; params?: unknown };
  /** It takes an upload (multipart/form-data). */
  multipart?: boolean;
  /** It takes Idempotency-Key: its 409 is then a request with the key still being answered. */
  idempotent: boolean;
}

/** The operation's example for an error status. */
export function errorExampleFor(status: number, op: ExampleContext): ErrorBody {
  const own = op.own?.[status];
  if (own) return own;
  const tag = op.tags[0] ?? '';
  const write = !['GET', 'HEAD'].includes(op.method.toUpperCase());
  switch (status) {
    case 400:
      return invalidInputOf(op);
    case 401:
      if (op.public) return GENERIC_ERROR_EXAMPLES[401.1];
      return op.url.startsWith('/api/v1/') ? GENERIC_ERROR_EXAMPLES[401.2] : GENERIC_ERROR_EXAMPLES[401];
    case 403: {
      if (op.sessionOnly) return GENERIC_ERROR_EXAMPLES[403.1];
      const area = tokenAreaOfRoute(op.tags);
      if (!area) return GENERIC_ERROR_EXAMPLES[403];
      const scopes = TOKEN_AREA_SCOPES[area];
      return {
        code: 'TOKEN_SCOPE_MISSING',
        message: API_TOKEN_MSG.areaNotCovered(
          `${write ? 'changing' : 'reading'} ${scopes.label.toLowerCase()}`,
          write ? scopes.write : scopes.read,
        ),
      };
    }
    case 404:
      return BY_TAG[tag]?.[404] ?? notFound(`No such ${tag.replace(/ \(v1\)$/, '').toLowerCase()}.`);
    case 409:
      return (!op.idempotent && BY_TAG[tag]?.[409]) || GENERIC_ERROR_EXAMPLES[409];
    case 429:
      return BY_TAG[tag]?.[429] ?? GENERIC_ERROR_EXAMPLES[429];
    default:
      return GENERIC_ERROR_EXAMPLES[status as keyof typeof GENERIC_ERROR_EXAMPLES] ?? GENERIC_ERROR_EXAMPLES[503];
  }
}

/**
 * A 400 the operation really answers: what its own schema says of an empty body, a query or a parameter it refuses,
 * formatted as the error handler formats a ZodError; else the first field it takes, named.
 */
function invalidInputOf(op: ExampleContext): ErrorBody {
  const tries: [unknown, unknown][] = [
    [op.inputs.body, {}],
    [op.inputs.querystring, { limit: '0', cursor: '!' }],
    [op.inputs.params, Object.fromEntries(paramNames(op.url).map((n) => [n, 'x'.repeat(400)]))],
    [op.inputs.querystring, longValues(op.inputs.querystring)],
    [op.inputs.querystring, { from: 'yesterday', limit: '0', page: '0' }],
  ];
  for (const [schema, value] of tries) {
    if (!(schema instanceof z.ZodType)) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) continue;
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    const message = Object.entries(fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    return { code: 'VALIDATION_FAILED', message, fields };
  }
  if (op.multipart) return GENERIC_ERROR_EXAMPLES[400];
  // Fastify's own words for a body that does not parse (the error handler keeps its message, with our code).
  return { code: 'BAD_REQUEST', message: "Body is not valid JSON but content-type is set to 'application/json'" };
}
/** Every field of an object schema set to a value too long for any of them. */
const longValues = (schema: unknown) =>
  schema instanceof z.ZodObject ? Object.fromEntries(Object.keys(schema.shape).map((k) => [k, 'x'.repeat(5000)])) : {};
const paramNames = (url: string) => [...url.matchAll(/[:{](\w+)/g)].map((m) => m[1]);
