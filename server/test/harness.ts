import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import type { DbLog } from '../src/db/notifications.ts';
import { DEMO_ACCOUNTS } from '../src/demo/seed.ts';
import { createContext } from '../src/bootstrap.ts';
import { takeOffMachineRefusals } from '../src/modules/webhooks/jobs.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real server for integration tests on a database of its own holding the demo data: PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a database on that PostgreSQL server (so test files can run in parallel).
 */
export interface TestServer {
  app: FastifyInstance;
  url: string;
  database: Database;
  config: Config;
  ctx: AppContext;
  close(): Promise<void>;
}

export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * `port`: listen there instead of a random port, for tests that must know PUBLIC_URL before the server starts (OIDC).
 * `log`: the process's logger (silent unless a test reads it).
 * `databaseVia`: connect to the PostgreSQL database through this address instead (a fault proxy).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { port?: number; log?: FastifyBaseLogger; databaseVia?: (url: string) => string } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Tests call GraphQL far faster than a person; the rate limit has its own test (attack-edge.test.ts).
    GRAPHQL_RATE_LIMIT_PER_MINUTE: '1000000',
    API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    // No test may send a webhook off this machine.
    WEBHOOK_LOOPBACK_ONLY: 'on',
    // Review decisions are told at once (no undo window) unless a test asks for the window (review-undo.test.ts).
    DECISION_UNDO_SECONDS: '0',
    // Reading a photo's text costs about 5 s of CPU: only the tests of product facts ask for it.
    READ_PHOTO_TEXT: 'off',
    ...env,
  });
  const log = opts.log ?? pino({ level: 'silent' });
  const { database, drop } = await openTestDatabase(opts.databaseVia, config.databaseQueryTimeoutMs, log);
  const ctx = createContext(config, database, log);
  const app = await buildApp(ctx);
  const drift = checkAnswersAgainstDocument(app);
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = env.PUBLIC_URL ?? url;
  return {
    app,
    url,
    database,
    config,
    ctx,
    async close() {
      await app.close();
      await ctx.jobs?.stop();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Loudly: an answer that is not what the OpenAPI document says (the document drifted from the code).
      if (drift.length)
        throw new Error(`Answers that do not match their documented schema:\n${[...new Set(drift)].join('\n')}`);
      // Loudly: a test registers receivers on 127.0.0.1, and an address that must look public inactive.
      const offMachine = takeOffMachineRefusals();
      if (offMachine.length)
        throw new Error(`A test tried to send webhooks off this machine: ${offMachine.join(', ')}`);
    },
  };
}

/**
 * Every JSON answer of every integration test is checked against the schema its route documents for that status
 * (routeSchema in lib/openapi.ts, the same zod schema the OpenAPI document is made from): a route whose answers drift
 * from its document fails the test file that met it, at close; so does an error status the route does not list.
 */
function checkAnswersAgainstDocument(app: FastifyInstance): string[] {
  const drift: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    // An error the operation does not list: its document's error codes are not the ones it answers (500 is a bug,
    // judged by the test that met it).
    const graphql = request.routeOptions.url?.startsWith('/graphql');
    if (
      responses &&
      !graphql &&
      reply.statusCode >= 400 &&
      reply.statusCode !== 500 &&
      !(String(reply.statusCode) in responses)
    )
      drift.push(`${request.method} ${request.routeOptions.url} ${reply.statusCode}: not among its documented errors`);
    if (typeof payload !== 'string' || !type.includes('json')) return payload;
    const documented = responses?.[String(reply.statusCode)];
    const schema =
      documented instanceof z.ZodType
        ? documented
        : ((documented as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[type.split(';')[0]]
            ?.schema as z.ZodType | undefined);
    if (!(schema instanceof z.ZodType)) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      drift.push(`${request.method} ${request.routeOptions.url} ${reply.statusCode}: not JSON`);
      return payload;
    }
    const checked = schema.safeParse(body);
    if (!checked.success)
      drift.push(
        `${request.method} ${request.routeOptions.url} ${reply.statusCode}: ${checked.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')} ${i.message}`)
          .join('; ')}`,
      );
    return payload;
  });
  return drift;
}

/**
 * A database of its own on the TEST_DATABASE_URL server: empty, for tests that start servers as processes, or a
 * copy of `template`.
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A copy of the migrated and seeded database that test/global-setup.ts prepared once for the whole run. */
async function openTestDatabase(
  via: (url: string) => string = (url) => url,
  queryTimeoutMs?: number,
  log?: DbLog,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('databaseTemplate');
  if (!process.env.TEST_DATABASE_URL) {
    return {
      database: await openPglite(null, { loadDataDir: new Blob([readFileSync(template)]) }),
      drop: async () => {},
    };
  }
  const { url, drop } = await createPostgresDatabase(template);
  return { database: await openPostgres(via(url), log, queryTimeoutMs), drop };
}

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * fetch, sent once more when its connection was reset before any answer came, as browsers do. A kept-alive connection
 * is let go by the client after an idle time the server announces; while the tests' event loop is held (PGlite runs
 * queries on it), the client's idle clock stands still and the server, elsewhere or at its own timer, closes that
 * connection under the next request. The server has not read such a request. A second reset is the answer.
 */
export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (!RESET_CODES.has(cause?.code ?? '')) throw error;
    return fetch(url, init);
  }
}

/** A browser-like HTTP client: keeps the session cookie, sends our Origin on writes, sends again on a reset. */
export class Client {
  cookies = new Map<string, string>();
  /** An API token sent as `Authorization: Bearer`; such a client sends no cookie and no Origin, as a script would. */
  bearer: string | null = null;
  constructor(
    public baseUrl: string,
    public origin: string | null = baseUrl,
  ) {}

  /** A client that calls the API with an API token only. */
  static withToken(baseUrl: string, token: string) {
    const client = new Client(baseUrl, null);
    client.bearer = token;
    return client;
  }

  private credentials(headers: Record<string, string>) {
    if (this.bearer) headers.authorization ??= `Bearer ${this.bearer}`;
    else if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    opts: { form?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    this.credentials(headers);
    if (this.origin && method !== 'GET') headers.origin ??= this.origin;
    let payload: string | undefined;
    if (body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    return this.read(await send(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' }));
  }

  /** Keeps the cookies the server sets and reads the body as JSON when it is JSON. */
  private async read(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    let json: any = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  /** A GET whose body is bytes (a download), with this client's credentials. */
  async getBytes(path: string) {
    const headers: Record<string, string> = {};
    this.credentials(headers);
    const res = await send(this.baseUrl + path, { headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, opts?: { form?: boolean }) => this.request('POST', path, body, opts);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);

  async login(email: string, password: string) {
    const res = await this.post('/api/auth/login', { username: email, password }, { form: true });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
    return res.json;
  }

  /** A multipart upload as the browser sends it: repeated file fields plus plain fields. */
  async upload(
    path: string,
    files: { name: string; data: Uint8Array; type?: string }[],
    field = 'files',
    extra: Record<string, string> = {},
    extraHeaders: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    for (const f of files)
      form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
    const headers: Record<string, string> = { ...extraHeaders };
    this.credentials(headers);
    if (this.origin) headers.origin = this.origin;
    return this.read(await send(this.baseUrl + path, { method: 'POST', headers, body: form }));
  }

  graphql(query: string, variables?: Record<string, unknown>) {
    return this.post('/graphql', { query, variables });
  }

  /** Makes an API token through the account's own route (this client must be signed in) and returns a client using it. */
  async tokenClient(scopes: string[], opts: { name?: string; days?: number } = {}) {
    const expiresAt = new Date(Date.now() + (opts.days ?? 30) * 86_400_000).toISOString();
    const res = await this.post('/api/api-tokens', {
      name: opts.name ?? `test ${scopes.join(' ')}`,
      expiresAt,
      scopes,
    });
    if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
    return {
      id: res.json.id as number,
      token: res.json.token as string,
      client: Client.withToken(this.baseUrl, res.json.token),
    };
  }
}

/** The demo cast, signed in on the server (passwords from the demo seed): one client each, plus a visitor. */
export async function demoClients(server: TestServer) {
  const signedIn = async (email: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
    const client = new Client(server.url);
    await client.login(account.email, account.password);
    return client;
  };
  return {
    supplier: await signedIn('supplier@example.com'),
    supplier2: await signedIn('supplier2@example.com'),
    other: await signedIn('other@example.com'),
    admin: await signedIn('admin@example.com'),
    viewer: await signedIn('viewer@example.com'),
    anonymous: new Client(server.url),
  };
}
