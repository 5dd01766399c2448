/**
 * The OpenAPI document as an integrator's tools read it: Redocly's recommended rules pass with no error, every answer
 * declares the headers the route sends, and each operation's error examples are its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MSG, MSG, tokenAreaOfRoute, WEBHOOK_MSG } from '@portal/domain';
import { GENERIC_ERROR_EXAMPLES } from '../src/lib/openapi-error-examples.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

type Media = { example?: { code: string; message: string; fields?: Record<string, string> } };
type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> };
type Operation = {
  operationId: string;
  tags: string[];
  description?: string;
  parameters?: { name: string; in: string; description?: string; schema?: Record<string, unknown> }[];
  responses: Record<string, Response>;
  security?: unknown[];
};
let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>>; [k: string]: unknown };

beforeAll(async () => {
  server = await startTestServer();
  const res = await new Client(server.url).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(() => server?.close());

type Schema = { properties?: object; $ref?: string };
/** The properties of an operation's JSON body, through a $ref to the components. */
function bodyProperties(op: Operation): object {
  const schema = (op as { requestBody?: { content?: Record<string, { schema?: Schema }> } }).requestBody?.content?.[
    'application/json'
  ]?.schema;
  if (!schema) return {};
  const components = (doc.components as { schemas: Record<string, Schema> }).schemas;
  return (schema.$ref ? components[schema.$ref.split('/').pop()!] : schema)?.properties ?? {};
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op, name: `${method.toUpperCase()} ${path}` })),
  );

describe(`OpenAPI document, linted (${databaseKind})`, () => {
  it("no error example is shared between areas (the token's) unless the server words it the same everywhere; each route's are its own", () => {
    const generic = new Set(Object.values(GENERIC_ERROR_EXAMPLES).map((e) => e.message));
    const byMessage = new Map<string, { tags: Set<string>; ops: string[] }>();
    for (const { op, name } of operations())
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const example = answer.content?.['application/problem+json']?.example;
        expect(example, `${name} ${status}`).toBeDefined();
        // A refusal of the input made from the operation's own schema names only what the operation takes.
        if (example!.code === 'VALIDATION_FAILED') {
          const own = new Set([...(op.parameters ?? []).map((p) => p.name), ...Object.keys(bodyProperties(op))]);
          for (const field of Object.keys(example!.fields ?? {}))
            expect(own.has(field.split('.')[0]) || field === '_', `${name} ${status}: ${field}`).toBe(true);
          continue;
        }
        const key = `${status} ${example!.message}`;
        const entry = byMessage.get(key) ?? { tags: new Set(), ops: [] };
        entry.tags.add(String(tokenAreaOfRoute(op.tags)));
        entry.ops.push(name);
        byMessage.set(key, entry);
      }
    const shared = [...byMessage]
      .filter(([key, { tags }]) => tags.size > 1 && !generic.has(key.slice(4)))
      .map(([key, { ops }]) => `${key}: ${ops.join(', ')}`);
    expect(shared).toEqual([]);

    const example = (path: string, method: string, status: number) =>
      doc.paths[path][method].responses[status].content!['application/problem+json'].example!;
    // What integrators met: each now speaks of its own route.
    expect(example('/api/webhooks/{webhookId}', 'get', 403).message).not.toBe(MSG.forbidden);
    expect(example('/api/webhooks/{webhookId}', 'get', 403).code).toBe('TOKEN_SCOPE_MISSING');
    expect(example('/api/companies/{companyId}/webhooks', 'post', 409).message).toBe(WEBHOOK_MSG.tooMany);
    expect(example('/api/v1/submissions/{id}/decision', 'post', 403).message).toContain('write:allproductsubmissions');
    expect(example('/api/v1/submissions', 'get', 401).message).toBe(API_TOKEN_MSG.missing);
    for (const { op, name } of operations()) {
      const tooMany = op.responses[429]?.content?.['application/problem+json']?.example?.message;
      if (tooMany === MSG.tooManyAttempts) expect(op.tags, name).toEqual(['Sign-in']);
      const conflict = op.responses[409]?.content?.['application/problem+json']?.example;
      if (conflict?.code === 'INVALID_TRANSITION')
        expect(['Submissions', 'Submissions (v1)', 'Review workspace', 'Catalogue'], name).toContain(op.tags[0]);
    }
  });
});
