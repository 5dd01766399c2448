/**
 * The OpenAPI document as an integrator's tools read it: Redocly's recommended rules pass with no error, every answer
 * declares the headers the route sends, and each operation's error examples are its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { API_TOKEN_MSG, MSG, tokenAreaOfRoute, WEBHOOK_EVENTS, WEBHOOK_MSG } from '@portal/domain';
import { GENERIC_ERROR_EXAMPLES } from '../src/lib/openapi-error-examples.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

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

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('every operation has a description, every answer one of its own; a license; a relative server; webhooks', () => {
    for (const { op, name } of operations()) {
      expect(op.description, name).toBeTruthy();
      for (const [status, answer] of Object.entries(op.responses))
        expect(answer.description, `${name} ${status}`).not.toBe('Default Response');
    }
    expect((doc.info as { license?: object }).license).toBeDefined();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const webhooks = doc.webhooks as Record<string, { post: { requestBody: unknown } }>;
    for (const event of WEBHOOK_EVENTS) expect(webhooks[event]?.post.requestBody, event).toBeDefined();
    // Every component schema is used.
    const text = JSON.stringify({ paths: doc.paths, webhooks: doc.webhooks, components: doc.components });
    for (const name of Object.keys((doc.components as { schemas: object }).schemas))
      expect(text.split(`"#/components/schemas/${name}"`).length, name).toBeGreaterThan(1);
    const key = doc.paths['/api/v1/drafts'].post.parameters!.find((p) => p.name === 'idempotency-key')!;
    expect(key.description).toContain('1 to 255 visible ASCII');
  });

  it('every 2xx declares the headers its route sends: ETag, Idempotent-Replayed, Location, RateLimit; Retry-After on 409, 429, 503', async () => {
    const declared = (path: string, method: string, status: number) =>
      Object.keys(doc.paths[path][method].responses[status]?.headers ?? {}).map((h) => h.toLowerCase());
    // Every 2xx of an operation that needs credentials names the rate-limit headers; 429 and 503 name Retry-After.
    for (const { op, name, path, method } of operations()) {
      for (const status of Object.keys(op.responses).map(Number)) {
        const headers = declared(path, method, status);
        if (status < 300 && op.security?.length !== 0) expect(headers, `${name} ${status}`).toContain('ratelimit');
        if (status === 429 || status === 503) expect(headers, `${name} ${status}`).toContain('retry-after');
      }
    }
    // What the routes really send is declared: the headers of real answers, with a token.
    const cast = await demoClients(server);
    const token = (await cast.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
    const created = await token.upload(
      '/api/v1/drafts',
      [{ name: 'front.png', data: await barcodeImage('036000291452'), type: 'image/png' }],
      'files',
      {},
      { 'idempotency-key': 'lint-1' },
    );
    const sent: [string, string, number, Headers][] = [['/api/v1/drafts', 'post', created.status, created.headers]];
    const id = created.json.id as string;
    const read = await token.get(`/api/v1/drafts/${id}`);
    sent.push(['/api/v1/drafts/{id}', 'get', read.status, read.headers]);
    const patched = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, { product_name: 'Water' });
    sent.push(['/api/v1/drafts/{id}/files/{file_name}', 'patch', patched.status, patched.headers]);
    const list = await token.get('/api/v1/submissions');
    sent.push(['/api/v1/submissions', 'get', list.status, list.headers]);
    expect(created.headers.get('location')).toBe(`/api/v1/drafts/${id}`);
    for (const [path, method, status, headers] of sent) {
      const documented = declared(path, method, status);
      for (const name of ['etag', 'idempotent-replayed', 'location', 'ratelimit', 'ratelimit-policy', 'retry-after'])
        if (headers.has(name)) expect(documented, `${method} ${path} ${status} sends ${name}`).toContain(name);
    }
  });
});
