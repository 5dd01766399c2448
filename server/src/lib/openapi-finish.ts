import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { TOKEN_AREA_SCOPES, tokenAreaOfRoute, v1FeedEvent, WEBHOOK_EVENTS } from '@portal/domain';

/**
 * The last touches of the OpenAPI document, made on the document itself once every route is in it: the headers each
 * answer carries, a description for every operation and answer, the `webhooks` section (OpenAPI 3.1) of the delivery
 * payloads, and only the component schemas something refers to.
 */

/** What the finishing needs to know of an operation (from its RouteDoc). */
export interface OperationFacts {
  method: string;
  url: string;
  summary: string;
  tags: readonly string[];
  public?: boolean;
  sessionOnly?: boolean;
  idempotent: boolean;
  /** The answer carries an ETag (the version a later If-Match names). */
  etag: boolean;
  /** A 201 carries Location: the address of what it made. */
  location: boolean;
}

const header = (description: string, schema: object = { type: 'string' }) => ({ description, schema });
export const RESPONSE_HEADERS = {
  ETag: header('The version of what the answer shows: send it as If-Match to change only that version (else 412).'),
  'Idempotent-Replayed': header(
    '`true` when this is the stored answer of an earlier request with the same Idempotency-Key (or a submit of a draft that was already submitted).',
    { type: 'string', enum: ['true'] },
  ),
  RateLimit: header(
    'With an API token (IETF RateLimit header fields): what is left of the current window, e.g. `"default";r=599;t=60`.',
  ),
  'RateLimit-Policy': header('With an API token: the limit per window, e.g. `"default";q=600;w=60`.'),
  'Retry-After': header('Seconds to wait before sending the request again.', { type: 'integer', minimum: 0 }),
  Location: header('The address of what was made.'),
} as const;
type HeaderName = keyof typeof RESPONSE_HEADERS;

/** The headers an answer of the operation carries, by its status. */
export function headersOf(status: number, op: OperationFacts): HeaderName[] {
  const names: HeaderName[] = [];
  const limited = !op.public;
  if (status < 300) {
    if (op.etag && status !== 204) names.push('ETag');
    if (op.idempotent) names.push('Idempotent-Replayed');
    if (op.location && status === 201) names.push('Location');
  }
  if (status === 429 || status === 503 || (status === 409 && op.idempotent)) names.push('Retry-After');
  if (limited && (status < 300 || status === 429)) names.push('RateLimit', 'RateLimit-Policy');
  return names;
}

/** An operation's description when it gives none: what it does and who may call it. */
export function descriptionOf(op: OperationFacts): string {
  const what = op.summary.endsWith('.') ? op.summary : `${op.summary}.`;
  if (op.public) return `${what} Open to anybody; an API token, when sent, must be valid.`;
  if (op.sessionOnly) return `${what} For a signed-in session only: API tokens are refused (403 SESSION_REQUIRED).`;
  const area = tokenAreaOfRoute(op.tags);
  if (area === null) return `${what} Any signed-in user or valid API token.`;
  if (area === undefined) return `${what} Signed-in session only: API tokens cannot use this address.`;
  const scopes = TOKEN_AREA_SCOPES[area];
  const write = !['GET', 'HEAD'].includes(op.method.toUpperCase());
  return `${what} With an API token it needs ${(write ? scopes.write : scopes.read).join(' or ')} (${scopes.label.toLowerCase()}), and its user the rights to do it.`;
}

type Json = Record<string, unknown>;
type Document = {
  paths?: Record<string, Record<string, { description?: string; responses?: Record<string, Json> }>>;
  components?: { schemas?: Record<string, unknown>; headers?: Json };
  webhooks?: Json;
};

/** Adds headers, descriptions and webhooks; drops component schemas nothing refers to. */
export function finishDocument(document: Document, facts: Map<string, OperationFacts>): Document {
  document.components ??= {};
  document.components.headers = RESPONSE_HEADERS;
  for (const [path, operations] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const op = facts.get(`${method} ${path}`);
      if (!op) continue;
      operation.description ??= descriptionOf(op);
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response' || !answer.description)
          answer.description = `${STATUS_CODES[Number(status)] ?? 'Answer'}: ${op.summary.replace(/\.$/, '')}`;
        const names = headersOf(Number(status), op);
        if (names.length)
          answer.headers = Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
      }
    }
  document.webhooks = webhooksSection();
  dropUnusedSchemas(document);
  return document;
}

/** The envelope every delivery carries (Standard Webhooks): the event's `type`, its `timestamp`, its `data`. */
function webhooksSection(): Json {
  const options = (v1FeedEvent as unknown as { options: z.ZodObject[] }).options;
  const dataOf = new Map(options.map((o) => [(o.shape.type as z.ZodLiteral<string>).value, o.shape.data as z.ZodType]));
  const ping = z.object({ webhookId: z.number().int(), companyId: z.number().int() });
  const section: Json = {};
  for (const type of [...WEBHOOK_EVENTS, 'webhook.ping'] as string[]) {
    const data = dataOf.get(type) ?? (type === 'webhook.ping' ? ping : z.record(z.string(), z.unknown()));
    const { $schema: _, ...schema } = z.toJSONSchema(data, {
      metadata: z.registry(),
      unrepresentable: 'any',
      io: 'output',
    }) as Json;
    section[type] = {
      post: {
        operationId: `webhook_${type.replace(/\W/g, '_')}`,
        summary: `The ${type} delivery`,
        description:
          `What the portal POSTs to a webhook subscribed to ${type}: the Standard Webhooks envelope, signed ` +
          '(`webhook-id`, `webhook-timestamp`, `webhook-signature`). The same event is in the change feed ' +
          '(`GET /api/v1/events`) under the same id. Answer 2xx within 10 s; anything else is retried.',
        security: [],
        parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
          name,
          in: 'header',
          required: true,
          description: {
            'webhook-id': "The event's id (the change feed's `id`): the same on every retry",
            'webhook-timestamp': 'Seconds since 1970 when this attempt was signed',
            'webhook-signature': '`v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` with the secret',
          }[name],
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: type },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: schema,
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Received (any 2xx answer counts)' },
          '400': { description: 'Any other answer, or none within the limit: the delivery is retried later' },
        },
      },
    };
  }
  return section;
}

/** Removes the component schemas that no path, webhook or other schema refers to. */
function dropUnusedSchemas(document: Document) {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = decodeURIComponent(v.slice('#/components/schemas/'.length));
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
