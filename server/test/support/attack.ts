/**
 * What the attack suites share (attack-signed-out, attack-other-company and attack-read-only .test.ts): one server with
 * an owner company's records of every kind, the attackers (signed in and through API tokens), every REST route and
 * GraphQL operation discovered from the running app (so a new one is attacked without editing a suite), and
 * fingerprints of the data to show nothing changed. Three files rather than one so they run side by side.
 */
import { sql } from 'drizzle-orm';
import type { GraphQLArgument, GraphQLField, GraphQLInputType, GraphQLNamedType, GraphQLType } from 'graphql';
import { schema } from '../../src/graphql/schema.ts';
import { barcodeImage } from '../fixtures.ts';
import { Client, startTestServer, type TestServer } from '../harness.ts';
import { apiRoutes as routesOf, paramNames } from './routes.ts';
import { PUBLIC_TEST_HOST, resolvePublicTestHost } from './public-host.ts';

export { paramNames };

export const OWNER_COMPANY = 1001;
export const MARKER = 'Owner-secret-product-7f3a';

/** Open to anyone by design (with the reason). Everything else must refuse a visitor. */
export const PUBLIC_REST = new Map<string, string>([
  ['POST /api/auth/login', 'signing in'],
  ['GET /api/auth/logout', 'signing out is harmless'],
  ['GET /api/auth/config', 'which sign-in methods the login pages offer'],
  ['GET /api/auth/oidc/login', 'starts the identity provider flow'],
  ['GET /api/auth/oidc/callback', 'the identity provider answers here'],
  ['POST /api/user/password/forgot', 'asks for a reset link'],
  ['POST /api/user/password/reset', 'uses a reset link'],
  ['POST /api/user/password/strengthen', 'finishes a sign-in with a weak password'],
  ['GET /api/feature-flags/enabled', 'the logged-out pages read the flags'],
  ['GET /api/companies/:companyId/partner-configuration', 'co-branded landing and login pages'],
  ['GET /api/partner-configurations/:id/logo/:fileName', 'the partner logo on public pages'],
  ['GET /api/health', 'liveness'],
  ['GET /api/ready', 'readiness'],
  ['GET /api/user', 'answers 401 to a visitor, which the web app reads as signed out'],
  ['GET /api/openapi.json', 'the REST API reference'],
  ['GET /api/docs', 'the REST API reference page'],
  ['GET /api/docs/assets/:file', "the reference page's scripts and styles"],
]);
export const PUBLIC_GRAPHQL = new Map<string, string>([
  ['currentUser', 'null when signed out'],
  ['enabledFeatureFlags', 'logged-out pages'],
]);
/** Readable across companies by design: they carry no other company's private records. */
export const SHARED_GRAPHQL = new Map<string, string>([
  ['searchCompaniesByName', 'company names for pickers'],
  ['searchPartnerConfigurations', 'partner names for the activity filter'],
]);
/** State changes any signed-in account may make for itself (they touch only its own session or account). */
export const OWN_ACCOUNT_WRITES = new Set([
  'POST /api/auth/login',
  'PATCH /api/user',
  'PATCH /api/user/password',
  'PUT /api/user/accept-terms-and-conditions',
  // Revokes the caller's own token (another's answers 404: api-tokens.test.ts); an integer id here may be the caller's.
  'DELETE /api/api-tokens/:id',
]);

/** The server and the identities of the running suite (set by setUpAttack). */
export const attack = {} as { server: TestServer; owner: Client; stranger: Client; viewer: Client };
export const tokens = {} as { stranger: Client; viewer: Client; ownerReadOnly: Client; revoked: Client };
/**
 * The attackers' own tokens: revoking one's own token is an own-account write, so DELETE /api/api-tokens/{id} is not
 * tried with their ids (which another table's owner record can share, e.g. a webhook 1 and the stranger's token 1).
 */
const attackerTokenIds = new Set<number>();
export const notAttackersOwnToken = (url: string) => {
  const m = /^\/api\/api-tokens\/(\d+)$/.exec(url);
  return !(m && attackerTokenIds.has(Number(m[1])));
};
export const ids = { strings: [] as string[], ints: [] as number[] };

/** A row as text, less the time a token was last used (bookkeeping that every token request may write). */
const rowText = `(to_jsonb(t) - 'last_used_at')::text`;

/** A fingerprint of every row of the owner company and of the rows hanging from them. */
export async function ownerFingerprint(): Promise<string> {
  const db = attack.server.database.db;
  const tables = (await db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'company_id' order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const r = (await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(${rowText}, '|' order by ${rowText}), '')) as h from "${table_name}" t where company_id = ${OWNER_COMPANY}`,
      ),
    )) as unknown as { rows: { h: string }[] };
    parts.push(`${table_name}:${r.rows[0].h}`);
  }
  for (const [child, fk, parent] of [
    ['submission_files', 'submission_id', 'product_submissions'],
    ['submission_history', 'submission_id', 'product_submissions'],
    ['draft_files', 'draft_id', 'draft_submissions'],
  ]) {
    const r = (await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(c::text, '|' order by c::text), '')) as h from "${child}" c join "${parent}" p on p.id = c.${fk} where p.company_id = ${OWNER_COMPANY}`,
      ),
    )) as unknown as { rows: { h: string }[] };
    parts.push(`${child}:${r.rows[0].h}`);
  }
  return parts.join('\n');
}

/** Every table but the bookkeeping ones that any request may touch (sessions, throttles, rate-limit counts, queues). */
export async function wholeFingerprint(): Promise<string> {
  const db = attack.server.database.db;
  const tables = (await db.execute(sql`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'
    and table_name not in ('sessions', 'login_failures', 'jobs', 'mail_outbox', 'rate_limit_counters', '__drizzle_migrations')
    order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const r = (await db.execute(
      sql.raw(`select md5(coalesce(string_agg(${rowText}, '|' order by ${rowText}), '')) as h from "${table_name}" t`),
    )) as unknown as { rows: { h: string }[] };
    parts.push(`${table_name}:${r.rows[0].h}`);
  }
  return parts.join('\n');
}

// ---- REST ----

/** Every way to fill a route's parameters with the owner company's identifiers (and one harmless file name). */
export function fillRoute(url: string): string[] {
  const names = paramNames(url);
  if (!names.length) return [url];
  const candidates = (name: string) =>
    /file|name/i.test(name)
      ? ['front.png']
      : /timestamp/i.test(name)
        ? ['0']
        : [...ids.strings, ...ids.ints.map(String)];
  let urls = [url];
  for (const name of names)
    urls = urls.flatMap((u) => candidates(name).map((v) => u.replace(`:${name}`, encodeURIComponent(v))));
  return urls;
}

export const apiRoutes = () => routesOf(attack.server.app);

export async function tryRoute(client: Client, method: string, url: string) {
  const answers = [await client.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {})];
  if (method === 'POST') {
    // Upload routes: a real image under the usual field names, so a route that checks the body first is still reached.
    const png = await uploadImage();
    answers.push(await client.upload(url, [{ name: 'front.png', data: png, type: 'image/png' }], 'files'));
    answers.push(await client.upload(url, [{ name: 'front.png', data: png, type: 'image/png' }], 'file'));
  }
  return answers;
}

// ---- GraphQL ----
// By class name rather than graphql's own predicates: the schema's graphql copy may be another module instance.
const kindOf = (t: GraphQLType) => t.constructor.name;
const isNonNullType = (t: GraphQLType): t is GraphQLType & { ofType: GraphQLInputType } =>
  kindOf(t) === 'GraphQLNonNull';
const isListType = (t: GraphQLType): t is GraphQLType & { ofType: GraphQLInputType } => kindOf(t) === 'GraphQLList';
const isInputObjectType = (t: GraphQLType): t is import('graphql').GraphQLInputObjectType =>
  kindOf(t) === 'GraphQLInputObjectType';
const isEnumType = (t: GraphQLType): t is import('graphql').GraphQLEnumType => kindOf(t) === 'GraphQLEnumType';
const isScalarType = (t: GraphQLType): t is import('graphql').GraphQLScalarType => kindOf(t) === 'GraphQLScalarType';
const isObjectType = (t: GraphQLType) => kindOf(t) === 'GraphQLObjectType';
const getNamedType = (t: GraphQLType): GraphQLNamedType =>
  'ofType' in t && t.ofType ? getNamedType(t.ofType as GraphQLType) : (t as GraphQLNamedType);

function sampleInput(
  type: GraphQLInputType,
  argName: string,
  idValue: string | number | undefined,
  depth = 0,
): unknown {
  if (isNonNullType(type)) return sampleInput(type.ofType, argName, idValue, depth);
  if (isListType(type)) return [sampleInput(type.ofType, argName, idValue, depth)];
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    return Object.fromEntries(
      Object.values(type.getFields()).map((f) => [
        f.name,
        sampleInput(f.type, f.name, /id$/i.test(f.name) ? idValue : undefined, depth + 1),
      ]),
    );
  }
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return typeof idValue === 'number' ? idValue : 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return true;
      case 'ID':
      case 'String':
        if (idValue !== undefined) return String(idValue);
        return /upc|ean/i.test(argName) ? '0036000291452' : /color/i.test(argName) ? '#123456' : 'x';
      default:
        return null;
    }
  }
  return null;
}

export const isIdArg = (a: GraphQLArgument) => /(^id$|Id$|^ids$|Ids$|ean13|upc)/i.test(a.name);

/** The operation with its arguments as variables; the selection is __typename only, so any answer that is not an error means access. */
export function operationText(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isObjectType(named) ? ' { __typename }' : '';
  return `${kind}${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

export function variableSets(field: GraphQLField<unknown, unknown>): Record<string, unknown>[] {
  const idArgs = field.args.filter(isIdArg);
  const values: (string | number | undefined)[] = idArgs.length ? [...ids.strings, ...ids.ints] : [undefined];
  return values.map((value) =>
    Object.fromEntries(
      field.args.map((a) => {
        const named = getNamedType(a.type);
        const fits =
          value === undefined
            ? undefined
            : named.name === 'Int'
              ? typeof value === 'number'
                ? value
                : undefined
              : typeof value === 'string'
                ? value
                : undefined;
        return [a.name, sampleInput(a.type, a.name, isIdArg(a) ? fits : undefined)];
      }),
    ),
  );
}

export const operations = () => [
  ...Object.values(schema.getQueryType()!.getFields()).map((f) => ['query', f] as const),
  ...Object.values(schema.getMutationType()!.getFields()).map((f) => ['mutation', f] as const),
];

/** True when the answer gave the operation's result: data present and not empty. */
export function granted(res: { json?: { data?: Record<string, unknown> | null; errors?: unknown[] } }, field: string) {
  const value = res.json?.data?.[field];
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value && 'total' in value) return Number((value as { total: number }).total) > 0;
  return value !== false;
}

let png: Promise<Buffer> | undefined;
/** One image for every upload the suites send: a real barcode photo, made once. */
const uploadImage = () => (png ??= barcodeImage('036000291452'));

/**
 * Runs the calls a few at a time: a request waits mostly on the database (another process on PostgreSQL), so four in
 * flight keep both busy. The suites' checks do not depend on order.
 */
async function runAll(calls: (() => Promise<void>)[], width = 4) {
  let next = 0;
  const lane = async () => {
    while (next < calls.length) await calls[next++]();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

type Answer = Awaited<ReturnType<Client['request']>>;
type Route = ReturnType<typeof apiRoutes>[number];
type Operation = ReturnType<typeof operations>[number];

/**
 * Sends every chosen REST route, filled every way (`fillRoute`), and every chosen
 * GraphQL operation with every set of variables, as `client`; an answer for which `fails` says true is a finding.
 */
export async function tryEverything(
  client: Client,
  choose: {
    route: (route: Route) => boolean;
    url?: (url: string) => boolean;
    operation: (operation: Operation) => boolean;
  },
  fails: { rest: (res: Answer, url: string) => boolean; graphql: (res: Answer, field: string) => boolean },
): Promise<{ findings: string[]; cases: number }> {
  const findings: string[] = [];
  let cases = 0;
  const calls: (() => Promise<void>)[] = [];
  for (const route of apiRoutes().filter(choose.route)) {
    for (const url of fillRoute(route.url).filter(choose.url ?? (() => true))) {
      calls.push(async () => {
        for (const res of await tryRoute(client, route.method, url)) {
          cases++;
          if (fails.rest(res, url)) findings.push(`${route.method} ${url} -> ${res.status}`);
        }
      });
    }
  }
  for (const [kind, field] of operations().filter(choose.operation)) {
    for (const variables of variableSets(field)) {
      calls.push(async () => {
        const res = await client.graphql(operationText(kind, field), variables);
        cases++;
        if (fails.graphql(res, field.name))
          findings.push(`${field.name} ${JSON.stringify(variables)} -> ${res.text.slice(0, 160)}`);
      });
    }
  }
  await runAll(calls);
  return { findings, cases };
}

/** `METHOD /pattern`, as the lists above name routes. */
export const routeKey = (route: Route) => `${route.method} ${route.url}`;

/** The owner's records of every kind, the attackers and their tokens. */
export async function setUpAttack() {
  // Test files share their worker's modules (vitest.config.ts): a file run after another in the same worker starts
  // from that file's ids and tokens, which belong to a server and a database that are gone.
  ids.strings.length = 0;
  ids.ints.length = 0;
  attackerTokenIds.clear();
  // The whole file's process: the guard checks the host again whenever the hook is touched.
  resolvePublicTestHost();
  const server = await startTestServer();
  const owner = new Client(server.url);
  Object.assign(attack, { server, owner });
  await owner.login('supplier@example.com', 'Supplier-demo-1');
  // The owner's records: a draft, a submitted product (with its files), and what the demo data holds.
  const draft = await owner.upload('/api/draftSubmissions', [
    { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
  ]);
  const sent = await owner.upload('/api/draftSubmissions', [
    { name: 'front.png', data: await barcodeImage('036000291452'), type: 'image/png' },
  ]);
  await owner.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: sent.json.id,
      input: { files: [{ fileName: 'front.png', upc: '036000291452', productName: MARKER }] },
    },
  );
  const submitted = await owner.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: sent.json.id,
  });
  // Records of the other features, made through their own API, so the attacks have the owner's ids to aim at.
  const profile = await owner.graphql(
    `mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }`,
    {
      input: { name: MARKER, caseCount: 6 },
    },
  );
  if (profile.json.errors) throw new Error(`shipping profile fixture: ${profile.text}`);
  const brand = await owner.graphql(
    `mutation($companyId: Int!, $input: BrandProfileInput!) { createBrandProfile(companyId: $companyId, input: $input) { id } }`,
    {
      companyId: OWNER_COMPANY,
      input: {
        brandWebsiteUrl: 'https://owner.example',
        brandCountryCode: 'US',
        brandStateCode: 'CA',
        brandCityName: 'Los Angeles',
        yearFounded: '1998',
        brandStory: MARKER,
        samplesOffered: true,
        primaryDistributionMethod: 'Distributor',
        distributionRange: 'national',
        salesContactName: 'Owner Sales',
        salesContactEmail: 'sales@owner.example',
      },
    },
  );
  if (brand.json.errors) throw new Error(`brand profile fixture: ${brand.text}`);
  const admin = new Client(server.url);
  await admin.login('admin@example.com', 'Admin-demo-1');
  const access = await admin.graphql(
    `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
    {
      input: { companyId: OWNER_COMPANY, folderName: 'owner_folder', imageSource: 'LOCAL' },
    },
  );
  if (access.json.errors) throw new Error(`ingestion access fixture: ${access.text}`);
  // A webhook with a delivery (public address: this server refuses private ones), so its ids are attacked too. It is
  // registered turned off and its delivery written directly, so nothing is ever queued for an address off this machine.
  const hook = await owner.post(`/api/companies/${OWNER_COMPANY}/webhooks`, {
    url: `https://${PUBLIC_TEST_HOST}/${MARKER}`,
    events: ['submission.status_changed'],
    active: false,
  });
  if (hook.status !== 201 || hook.json.webhook.active !== false)
    throw new Error(`webhook fixture: ${hook.status} ${hook.text}`);
  await server.database.db.execute(sql`
    insert into webhook_deliveries (endpoint_id, company_id, message_id, event_type, body)
    values (${hook.json.webhook.id}, ${OWNER_COMPANY}, ${`msg_${MARKER}`}, 'webhook.ping',
      ${JSON.stringify({ type: 'webhook.ping', timestamp: new Date().toISOString(), data: { marker: MARKER } })})`);
  const job = await owner.upload('/api/bulkIngestion/jobs', [
    { name: `${MARKER}.png`, data: await barcodeImage('036000291452'), type: 'image/png' },
  ]);
  if (job.status >= 300) throw new Error(`ingestion job fixture: ${job.status} ${job.text}`);
  const db = server.database.db;
  const catalogued = (await db.execute(sql`select ean13_upc from catalogued_products limit 1`)) as unknown as {
    rows: { ean13_upc: string }[];
  };
  ids.strings.push(
    draft.json.id,
    submitted.json.data.submitProductsFromDraftSubmission[0].id,
    ...catalogued.rows.map((r) => r.ean13_upc),
  );
  ids.ints.push(OWNER_COMPANY);
  // Integer ids of the owner company's other records (profiles, jobs...): any table with company_id and an integer id.
  const intTables = (await db.execute(sql`
    select c.table_name from information_schema.columns c join information_schema.columns k
      on k.table_name = c.table_name and k.table_schema = c.table_schema and k.column_name = 'company_id'
    where c.table_schema = current_schema() and c.column_name = 'id' and c.data_type = 'integer'`)) as unknown as {
    rows: { table_name: string }[];
  };
  for (const { table_name } of intTables.rows) {
    const r = (await db.execute(
      sql.raw(`select id from "${table_name}" where company_id = ${OWNER_COMPANY} limit 3`),
    )) as unknown as { rows: { id: number }[] };
    ids.ints.push(...r.rows.map((x) => x.id));
  }
  // Tables number their rows alike (1, 2, 3...): one attack per distinct id is the same attack.
  ids.ints.splice(0, ids.ints.length, ...new Set(ids.ints));
  ids.strings.splice(0, ids.strings.length, ...new Set(ids.strings));
  const stranger = new Client(server.url);
  await stranger.login('other@example.com', 'Other-demo-1');
  const viewer = new Client(server.url);
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
  const strangerToken = await stranger.tokenClient(['read:productsubmissions', 'write:productsubmissions']);
  const viewerToken = await viewer.tokenClient(['read:allproductsubmissions']);
  [tokens.stranger, tokens.viewer] = [strangerToken.client, viewerToken.client];
  attackerTokenIds.add(strangerToken.id).add(viewerToken.id);
  Object.assign(attack, { stranger, viewer });
  tokens.ownerReadOnly = (await owner.tokenClient(['read:productsubmissions'])).client;
  const revoked = await owner.tokenClient(['read:productsubmissions', 'write:productsubmissions']);
  await owner.request('DELETE', `/api/api-tokens/${revoked.id}`);
  tokens.revoked = revoked.client;
}
