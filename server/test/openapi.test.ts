/**
 * Issue 21 item 2: /api/openapi.json describes every REST route (found the way the attack suite finds them), with its
 * errors and the bearer scheme; /api/docs serves Swagger UI from our own origin; /graphql/schema.graphql the SDL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { EXAMPLE } from '@portal/domain';
import { Client, databaseKind, demoClients, send, startTestServer, type TestServer } from './harness.ts';
import { apiRoutes } from './support/routes.ts';

let server: TestServer;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, unknown>; security?: unknown[]; requestBody?: { content: Record<string, unknown> } }
    >
  >;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
};
let cast: Awaited<ReturnType<typeof demoClients>>;

/** Fastify's `/a/:id/b` as OpenAPI's `/a/{id}/b`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  server = await startTestServer();
  cast = await demoClients(server);
  const res = await new Client(server.url).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(() => server?.close());

describe(`OpenAPI (${databaseKind})`, () => {
  it('is an OpenAPI 3.1 document with the bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every REST route of the app, each with its answers and errors', () => {
    const routes = apiRoutes(server.app);
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const withoutErrors = routes.filter((r) => {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      const statuses = Object.keys(op.responses);
      return (
        !statuses.some((s) => s.startsWith('2') || s.startsWith('3')) ||
        (op.security?.length !== 0 && !statuses.includes('401'))
      );
    });
    expect(withoutErrors.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('types every JSON answer of every operation: no answer is documented as just any JSON', () => {
    const untyped: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, answer] of Object.entries(op.responses)) {
          if (!/^[23]/.test(status)) continue;
          const content = (answer as { content?: Record<string, { schema?: Record<string, unknown> }> }).content;
          const schema = content?.['application/json']?.schema;
          // A JSON answer without a schema, or with one that says nothing but words ({}: anything), is `unknown` in
          // a generated client.
          const says = Object.keys(schema ?? {}).filter((k) => !['description', 'example', 'examples'].includes(k));
          if (content?.['application/json'] && says.length === 0)
            untyped.push(`${method.toUpperCase()} ${path} ${status}`);
        }
    expect(untyped).toEqual([]);
  });

  it('names every operation, each name once (generated clients call them by it)', () => {
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => (op as { operationId?: string }).operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/drafts/{id}/submit'].post).toMatchObject({ operationId: 'submitDraft' });
  });

  it('names the input of routes that take one: parameters, JSON bodies and multipart uploads', () => {
    const upload = doc.paths['/api/draftSubmissions'].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    const create = doc.paths['/api/api-tokens'].post;
    expect(create.requestBody!.content['application/json']).toBeTruthy();
    expect(create.responses['429'] ?? create.responses['401']).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/bulkIngestion/jobs/{jobId}'].get)).toContain('"in":"path"');
  });

  /** Every media type of the document with where it is (a JSON pointer) and what it is for. */
  const mediaTypes = () => {
    const out: { where: string; name: string; kind: 'body' | 'answer' | 'error'; media: Record<string, unknown> }[] =
      [];
    const pointer = (...parts: string[]) =>
      '/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const bodies = (op.requestBody?.content ?? {}) as Record<string, Record<string, unknown>>;
        for (const [type, media] of Object.entries(bodies))
          out.push({
            where: pointer('paths', path, method, 'requestBody', 'content', type),
            name: `${name} body ${type}`,
            kind: 'body',
            media,
          });
        for (const [status, answer] of Object.entries(op.responses)) {
          const content = ((answer as { content?: unknown }).content ?? {}) as Record<string, Record<string, unknown>>;
          for (const [type, media] of Object.entries(content))
            out.push({
              where: pointer('paths', path, method, 'responses', status, 'content', type),
              name: `${name} ${status} ${type}`,
              kind: /^[23]/.test(status) ? 'answer' : 'error',
              media,
            });
        }
      }
    return out;
  };

  it('gives every operation examples: its JSON body, every answer but a binary file, and every error', () => {
    const media = mediaTypes();
    const lacking = media
      .filter(({ name, kind, media }) => {
        const schema = media.schema as { format?: string } | undefined;
        if (kind === 'body' && !name.endsWith('application/json')) return false; // uploads: files and form fields
        if (schema?.format === 'binary') return false; // images, PDFs, scripts: the file itself
        return media.example === undefined;
      })
      .map((m) => m.name);
    expect(lacking).toEqual([]);
    expect(Object.values(doc.paths).flatMap((ops) => Object.values(ops)).length).toBeGreaterThan(80);
    expect(media.filter((m) => m.kind === 'answer' && m.media.example !== undefined).length).toBeGreaterThan(70);
  });

  it("every example is true: it matches its schema in the document, and the route's own zod schema", async () => {
    // The document as JSON Schema 2020-12 (OpenAPI 3.1's dialect), examples anywhere in it checked against the schema
    // they stand beside.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ ...doc, $id: 'doc' } as object);
    const wrong: string[] = [];
    // Checked one at a time, the event loop let go between them: this process is the server and its clients too,
    // and fetch's idle clock only advances while the loop runs. A loop held for longer than a kept-alive connection
    // has left before the server's keep-alive timeout lets the next request go out on a connection the server is
    // closing (ECONNRESET), as a request after this test once did.
    const checks: (() => void)[] = [];
    const check = (where: string, value: unknown, name: string) =>
      checks.push(() => {
        const valid = ajv.validate({ $ref: `doc#${where}` }, value);
        if (!valid) wrong.push(`${name}: ${ajv.errorsText(ajv.errors, { separator: '; ' })}`);
      });
    for (const { where, name, media } of mediaTypes())
      if (media.example !== undefined) check(`${where}/schema`, media.example, name);
    let nested = 0;
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const inSchema = where.startsWith('/components/schemas') || where.includes('/schema');
      const found = inSchema ? [...(Array.isArray(o.examples) ? o.examples : [])] : [];
      if (inSchema && o.example !== undefined && !('schema' in o)) found.push(o.example);
      for (const [i, example] of found.entries()) check(where, example, `${where} example ${i + 1}`);
      nested += found.length;
      for (const [k, v] of Object.entries(o))
        if (k !== 'example' && k !== 'examples') walk(v, `${where}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    walk(doc.components, '/components');
    walk(doc.paths, '/paths');
    expect(nested).toBeGreaterThan(50);
    for (const run of checks) {
      run();
      await letTheLoopRun();
    }

    // The zod schemas the server validates with carry rules JSON Schema does not (check digits, a token's expiry
    // within a year): each route's examples parse with them too, as of the examples' own day (the clock is set back
    // for one route's parsing at a time, never while the loop runs).
    for (const route of server.app.routeList) {
      await letTheLoopRun();
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(EXAMPLE.at) });
      try {
        const schema = route.schema as
          | { body?: unknown; consumes?: string[]; response?: Record<string, unknown> }
          | undefined;
        const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as
          | {
              requestBody?: { content: Record<string, { example?: unknown }> };
              responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
            }
          | undefined;
        if (!schema || !op) continue;
        const name = `${route.method} ${route.url}`;
        const parse = (zod: unknown, value: unknown, what: string) => {
          if (!(zod instanceof z.ZodType) || value === undefined) return;
          const parsed = zod.safeParse(value);
          if (!parsed.success)
            wrong.push(
              `${name} ${what}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
            );
        };
        parse(schema.body, op.requestBody?.content['application/json']?.example, 'body');
        for (const [status, answer] of Object.entries(schema.response ?? {})) {
          if (!/^[23]/.test(status)) continue;
          const content = op.responses[status]?.content ?? {};
          if (answer instanceof z.ZodType) parse(answer, content['application/json']?.example, status);
          else
            for (const [type, { schema: zod }] of Object.entries(
              (answer as { content?: Record<string, { schema: unknown }> }).content ?? {},
            ))
              parse(zod, content[type]?.example, `${status} ${type}`);
        }
      } finally {
        vi.useRealTimers();
      }
    }
    expect(wrong).toEqual([]);
  });

  /** Lets timers and I/O that came due meanwhile run (a turn of the event loop). */
  const letTheLoopRun = () => new Promise((resolve) => setImmediate(resolve));

  it('/api/docs serves Swagger UI from this server, under the same CSP as the app', async () => {
    const page = await send(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const asset = await send(`${server.url}/api/docs/assets/${file}`);
      expect(asset.status, file).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, file).toBeGreaterThan(100);
    }
    expect((await send(`${server.url}/api/docs/assets/package.json`)).status).toBe(404);
  });

  it('/graphql/schema.graphql gives the SDL to a signed-in user, not to a visitor', async () => {
    const signedIn = await cast.supplier.get('/graphql/schema.graphql');
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-type')).toContain('text/plain');
    expect(signedIn.text).toContain('type Query {');
    expect(signedIn.text).toContain('submitProductsFromDraftSubmission(id: ID!)');
    expect((await cast.anonymous.get('/graphql/schema.graphql')).status).toBe(401);
  });
});
