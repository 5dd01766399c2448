import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS_CODES } from 'node:http';
import { API_TOKEN_PREFIX, tokenAreaOfRoute } from '@portal/domain';
import { PROBLEM_TYPE_PREFIX, type ErrorBody } from './errors.ts';
import { exampleOf } from './openapi-examples.ts';
import { errorExampleFor, type ExampleContext } from './openapi-error-examples.ts';
import { finishDocument, type OperationFacts } from './openapi-finish.ts';

/** The one error shape (errors.ts) as the document shows it. */
export const errorBody = z
  .object({
    type: z
      .string()
      .meta({ example: 'urn:producthub:problem:forbidden' })
      .describe('RFC 9457: the problem type, from code'),
    title: z.string().meta({ example: 'Forbidden' }).describe("RFC 9457: the HTTP status's phrase"),
    status: z.number().int().meta({ example: 403 }),
    detail: z.string().describe('RFC 9457: the same as message'),
    code: z.string().meta({ example: 'FORBIDDEN' }),
    message: z.string(),
    reason: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional().describe('Field name to its message'),
    rows: z.array(z.unknown()).optional().describe('Per-row problems of an import (IMPORT_INVALID)'),
  })
  .meta({ id: 'Error' });

const ERROR_MEANING = {
  400: 'Invalid input (`fields` names the field)',
  401: 'Not signed in, or the API token is unknown, revoked or expired',
  403: 'Not allowed for this user or token (a read-only token, a route tokens cannot use, a missing scope)',
  404: 'Not found, or belongs to another company',
  409: 'Conflicts with existing data, or a request with the same Idempotency-Key is still being answered',
  413: 'Too large: the body, a file, the number of files, or the company storage quota',
  412: 'If-Match does not match the current ETag: read it again',
  415: 'Unsupported content type: send application/json',
  422: 'This Idempotency-Key was used for another request in the last 24 hours',
  429: 'Too many requests: see Retry-After',
  503: 'A service it needs (the database, file storage) is unavailable, or the feature is switched off here: retry after Retry-After',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANING;

/** The problem+json body of an error example, as sendProblem writes it. */
export const problemExample = (status: number, body: ErrorBody) => ({
  type: PROBLEM_TYPE_PREFIX + body.code.toLowerCase().replace(/_/g, '-'),
  title: STATUS_CODES[status] ?? 'Error',
  status,
  detail: body.message,
  ...body,
});
const PUBLIC_401 = 'Open to anybody: refused only when it carries an unknown, revoked or expired API token';

/** Any binary answer or upload part, for the document. */
export const binary = z.string().meta({ format: 'binary' });

type RouteDoc = {
  /** The operation's name in generated clients (the integration API names every operation). */
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** Request headers the operation reads (If-Match, Idempotency-Key). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data: the body's file and text fields. */
  multipart?: z.ZodType;
  /** Success answers: a zod schema (JSON) or `{ content type: schema }`; 204 as null. */
  responses: Record<number, z.ZodType | null | { [contentType: string]: z.ZodType }>;
  errors: ErrorStatus[];
  /** What an error status means on this operation, where the general meaning would mislead. */
  errorNotes?: Partial<Record<ErrorStatus, string>>;
  /** Open to visitors: no credentials needed. */
  public?: boolean;
  /** Refused to API tokens (see api-tokens/authenticate.ts). */
  sessionOnly?: boolean;
  /** Its answer carries an ETag (a later If-Match names it). */
  etag?: boolean;
  /** Its 201 carries Location, the address of what it made. */
  location?: boolean;
  /** The operation's own error examples, where its area's (openapi-error-examples.ts) would mislead. */
  errorExamples?: Partial<Record<ErrorStatus, ErrorBody>>;
};

/** The RouteDoc a route schema was made from, for its examples (a symbol: never serialized). */
const ROUTE_DOC = Symbol('routeDoc');

/**
 * A route's schema: what it takes and answers, and its errors, as zod schemas. The same schemas validate the input in
 * the handler (after the access check, which therefore still answers first: 401/403/404 before 400), and feed the
 * OpenAPI document at /api/openapi.json. Every REST route has one (server/test/openapi.test.ts).
 */
export function routeSchema(doc: RouteDoc): FastifySchema & Record<string, unknown> {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    if (answer === null)
      response[status] = z
        .null()
        .describe(status === '204' ? 'Done, no content' : 'A redirect or not modified, no content');
    else if (answer instanceof z.ZodType) response[status] = answer;
    else
      response[status] = {
        description: 'The file',
        content: Object.fromEntries(Object.entries(answer).map(([type, schema]) => [type, { schema }])),
      };
  }
  // Errors every operation of a kind can answer, whatever it lists (the test server fails a test that meets one a
  // route does not list), each with its reason below.
  const implied: ErrorStatus[] = [
    // Input that does not parse: a parameter, the query, a body or an upload's fields.
    ...(doc.params || doc.querystring || doc.body || doc.multipart || doc.headers ? ([400] as const) : []),
    ...(doc.body ? ([413, 415] as const) : []),
    // A public route too refuses a request that sends an unknown, revoked or expired token (say none there).
    401,
    ...(doc.public ? [] : ([429] as const)),
    // A token whose scopes do not cover the route's area (packages/domain/src/token-areas.ts), or any token where none may go.
    ...(doc.public || tokenAreaOfRoute(doc.tags) === null ? [] : ([403] as const)),
    503,
  ];
  const errors = [...new Set<ErrorStatus>([...doc.errors, ...implied])].sort((a, b) => a - b);
  for (const status of errors)
    response[status] = {
      description: doc.errorNotes?.[status] ?? (status === 401 && doc.public ? PUBLIC_401 : ERROR_MEANING[status]),
      content: { 'application/problem+json': { schema: errorBody } },
    };
  const schema: FastifySchema & Record<string, unknown> = {
    summary: doc.summary,
    tags: doc.tags,
    response,
    ...(doc.operationId ? { operationId: doc.operationId } : {}),
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.headers ? { headers: doc.headers } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.multipart ? { body: doc.multipart, consumes: ['multipart/form-data'] } : {}),
  };
  if (doc.public) schema.security = [];
  else if (doc.sessionOnly) schema.security = [{ session: [] }];
  (schema as Record<symbol, unknown>)[ROUTE_DOC] = doc;
  return schema;
}

/**
 * Route schemas document; they do not validate by themselves: the handler parses with the same schema once it has
 * checked who asks, so a visitor still gets 401 rather than a list of field errors, with the messages as before.
 */
const inHandler = () => (data: unknown) => ({ value: data });
const plainJson = () => (data: unknown) => JSON.stringify(data);

const transform = createJsonSchemaTransform({});

export async function registerOpenApi(app: FastifyInstance) {
  app.setValidatorCompiler(inHandler);
  app.setSerializerCompiler(plainJson);
  const examples = new Map<string, OperationExamples>();
  const facts = new Map<string, OperationFacts>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Product Hub API',
        version: '1',
        description:
          `REST API of the product-submission portal. Authenticate with an API token (Account → API tokens): ` +
          `\`Authorization: Bearer ${API_TOKEN_PREFIX}...\`. A token acts as its user with its scopes. The GraphQL API ` +
          'is at /graphql (schema: /graphql/schema.graphql). Errors answer `application/problem+json` (RFC 9457: ' +
          '`type`, `title`, `status`, `detail`) with our own `code`, `message` and `fields`. Every POST of the ' +
          'integration API takes `Idempotency-Key`: 1 to 255 visible ASCII characters (0x21 to 0x7E, no spaces), ' +
          'e.g. a UUID; the same key and request within 24 hours answers the first answer again. Names: the ' +
          "integration API's own bodies (`/api/v1`) are snake_case; the event `data` of webhooks and of the change " +
          'feed is camelCase, as delivered since its first version.',
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document is read from the portal it describes, whatever address that portal has.
      servers: [{ url: '/', description: 'This portal: the address the document was read from' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_TOKEN_PREFIX}<base64url>`,
            description: 'An API token',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'The web app session (signed in through the portal)',
          },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    // Routes without a schema (the web app, mercurius' own) stay out; the completeness test finds any REST one.
    transform: (doc) => {
      if (!doc.schema || doc.url === '/graphql') return { schema: { hide: true }, url: doc.url };
      const out = transform(doc);
      const route = (doc.schema as Record<symbol, RouteDoc | undefined>)[ROUTE_DOC];
      for (const m of [doc.route.method].flat()) {
        const key = `${m.toLowerCase()} ${doc.url.replace(/:(\w+)/g, '{$1}')}`;
        examples.set(key, examplesOf(doc.schema, m, doc.url));
        if (route)
          facts.set(key, {
            method: m,
            url: doc.url,
            summary: route.summary,
            tags: route.tags,
            public: route.public,
            sessionOnly: route.sessionOnly,
            idempotent: takesIdempotencyKey(route),
            etag: Boolean(route.etag),
            location: Boolean(route.location),
          });
      }
      // Every operation has a name in generated clients: its own, or one made from its method and address.
      const method = [doc.route.method].flat()[0];
      (out.schema as { operationId?: string }).operationId ??= operationIdOf(method, doc.url);
      return out;
    },
    transformObject: (doc) =>
      finishDocument(applyExamples(jsonSchemaTransformObject(doc) as never, examples) as never, facts) as never,
  });
}

/** The operation reads Idempotency-Key (the integration API's POSTs). */
const takesIdempotencyKey = (route: RouteDoc) =>
  route.headers instanceof z.ZodObject && 'idempotency-key' in route.headers.shape;

/** An operation's examples: its JSON body's, and each answer's by status and content type. */
type OperationExamples = { body?: unknown; responses: Record<string, Record<string, unknown>> };

/**
 * An operation's examples, made from the examples on its zod schemas (openapi-examples.ts): its JSON body's, its
 * answers', and one problem+json answer per error status. An answer without a complete example goes without:
 * openapi.test.ts names it.
 */
function examplesOf(zod: FastifySchema, method: string, url: string): OperationExamples {
  const found: OperationExamples = { responses: {} };
  const route = (zod as Record<symbol, RouteDoc | undefined>)[ROUTE_DOC];
  const context: ExampleContext = {
    method,
    url,
    tags: route?.tags ?? [],
    public: route?.public,
    sessionOnly: route?.sessionOnly,
    own: route?.errorExamples,
    inputs: { body: route?.body, querystring: route?.querystring, params: route?.params },
    multipart: Boolean(route?.multipart),
    idempotent: Boolean(route && takesIdempotencyKey(route)),
  };
  if (zod.body instanceof z.ZodType && !zod.consumes?.includes('multipart/form-data')) {
    const example = exampleOf(zod.body, 'input');
    if (!example.missing) found.body = example.value;
  }
  for (const [status, answer] of Object.entries((zod.response ?? {}) as Record<string, unknown>)) {
    const byType: Record<string, unknown> = (found.responses[status] = {});
    if (Number(status) >= 400)
      byType['application/problem+json'] = problemExample(Number(status), errorExampleFor(Number(status), context));
    else if (answer instanceof z.ZodNull) continue;
    else if (answer instanceof z.ZodType) {
      const example = exampleOf(answer, 'output');
      if (!example.missing) byType['application/json'] = example.value;
    } else
      for (const [type, { schema }] of Object.entries(
        (answer as { content?: Record<string, { schema?: unknown }> }).content ?? {},
      )) {
        const example = schema instanceof z.ZodType ? exampleOf(schema, 'output') : undefined;
        if (example && !example.missing) byType[type] = example.value;
      }
  }
  return found;
}

type MediaTypes = Record<string, { example?: unknown }>;
type Operation = { requestBody?: { content?: MediaTypes }; responses?: Record<string, { content?: MediaTypes }> };

/** Puts each operation's examples on its media types (`example`), where tools show them. */
function applyExamples(
  document: { paths?: Record<string, Record<string, Operation>> },
  all: Map<string, OperationExamples>,
) {
  for (const [path, operations] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const found = all.get(`${method} ${path}`);
      if (!found) continue;
      const body = operation.requestBody?.content?.['application/json'];
      if (body && found.body !== undefined) body.example = found.body;
      for (const [status, byType] of Object.entries(found.responses))
        for (const [type, example] of Object.entries(byType)) {
          const media = operation.responses?.[status]?.content?.[type];
          if (media) media.example = example;
        }
    }
  return document;
}

/**
 * An operation's name made from its method and address, for routes that give none: `GET /api/companies/:companyId/
 * webhooks` is `getCompaniesByCompanyIdWebhooks`; the spec's old addresses outside /api are `...Legacy`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  const legacy = segments[0] !== 'api';
  const words = (legacy ? segments : segments.slice(1)).map((seg) =>
    seg.startsWith(':')
      ? `By${capital(seg.slice(1))}`
      : seg
          .split(/[^A-Za-z0-9]+/)
          .map(capital)
          .join(''),
  );
  return method.toLowerCase() + words.join('') + (legacy ? 'Legacy' : '');
}
const capital = (w: string) => (w ? w[0].toUpperCase() + w.slice(1) : w);
