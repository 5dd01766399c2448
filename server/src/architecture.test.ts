import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './db/owners.ts';
import * as schema from './db/schema.ts';

/** Rules of the code's shape (DESIGN.md, "one owner per table"), checked on the source text of server/src. */
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** Every table of the schema: its object's name in code and its name in SQL, with the owner that alone writes it. */
const TABLES = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([object, table]) => ({
    object,
    name: getTableName(table as PgTable),
    owner: (TABLE_OWNERS as Record<string, string>)[object],
  }));

/**
 * Whether a file registers routes, whatever its name: a fastify route (`app.get('/api/...'`, `.route({`) or a GraphQL
 * field or object type of the builder. Such a file parses, authorizes, calls a service and presents; the query lives
 * behind the service.
 */
export const registersRoutes = (text: string) =>
  /\.(get|post|put|patch|delete|head|options|all)\(\s*['"`]\/|\.route\(\s*\{/.test(text) ||
  /\bbuilder\.(queryFields?|mutationFields?|subscriptionFields?|objectType|objectFields?|interfaceType)\(/.test(text) ||
  /\.implement\(\s*\{/.test(text);

/** What in a route file builds or runs a query: drizzle itself, the schema's tables, or the raw query helpers. */
export function queryBuildersIn(text: string): string[] {
  // A type-only import (a row's type) builds no query.
  const code = text.replace(/\bimport\s+type\b[^;]*;/g, '');
  return [
    ...code.matchAll(/from\s+'(drizzle-orm[^']*|[./]*db\/schema\.ts)'/g),
    ...code.matchAll(/\b(queryRows|executePrepared)\b/g),
    ...code.matchAll(/\.query\.\w+\.find(First|Many)\b/g),
  ].map((m) => m[0]);
}

/** Each write in the text of a file: drizzle's insert/update/delete on the table object, or SQL naming the table. */
export function writesTo(text: string, tables: Record<string, string>): string[] {
  const objects = Object.keys(tables).join('|');
  const names = Object.values(tables).join('|');
  const patterns = [
    // tx.insert(productSubmissions), db.update(submissionFiles), .delete(submissionHistory)
    new RegExp(`\\.(insert|update|delete)\\(\\s*(${objects})\\b`, 'g'),
    // sql`update ${productSubmissions} set ...`
    new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*(${objects})\\s*\\}`, 'gi'),
    // raw SQL: update product_submissions, insert into "submission_files", delete from submission_history
    new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${names})\\b`, 'gi'),
  ];
  return patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[0]));
}

/** Relative imports of a file, type-only ones included (they too tie two files together). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => path.resolve(path.dirname(file), s));
}

/** Every cycle of imports among the files, each as a path of file names from a file back to itself. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * The layers of the server, lowest first (README, "Architecture"; docs/decisions/architecture.md): a file imports
 * only its own layer or lower ones. packages/domain (imported as @portal/domain) is below them all.
 */
const LAYERS = ['infrastructure', 'core', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number];

/** The app and its API surfaces: the schema assembled from every module, the demo data; and every top-level file. */
const APP = ['graphql/schema.ts', 'graphql/print-schema.ts', 'demo/'];
/** What any module may use: the database, the job queue, storage, media, shared helpers, the GraphQL builder. */
const INFRASTRUCTURE = ['db/', 'jobs/', 'storage/', 'media/', 'lib/', 'graphql/', 'config.ts', 'context.ts'];
/**
 * Who the users are and how they sign in, and the services a core module may use, which import no feature either
 * (the audit trail, e-mail, receiving uploads, stored media files); the submission lifecycle (with what it builds on
 * in its module) joins them.
 */
const CORE = [
  'modules/users/',
  'modules/auth/',
  'modules/audit/',
  'modules/notifications/',
  'modules/uploads/',
  'modules/media-files/',
];
const LIFECYCLE = 'modules/submissions/lifecycle.ts';

const under = (file: string, places: string[]) =>
  places.some((p) => file === p || (p.endsWith('/') && file.startsWith(p)));

/** The layer of a file, by its path (relative to server/src); `core` holds the lifecycle's own files too. */
export function layerOf(file: string, core: ReadonlySet<string> = new Set()): Layer | undefined {
  if (under(file, APP)) return 'app';
  if (under(file, INFRASTRUCTURE)) return 'infrastructure';
  if (under(file, CORE) || core.has(file)) return 'core';
  if (/^modules\/[\w-]+\//.test(file)) return 'features';
  if (/^[\w-]+\.ts$/.test(file)) return 'app';
  return undefined;
}

/** The submission lifecycle and the files of its module it imports, directly or through others. */
function lifecycleFiles(): Set<string> {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const target of importsOf(path.join(SRC, file)).map(relative))
      if (target.startsWith('modules/submissions/')) visit(target);
  };
  visit(LIFECYCLE);
  return found;
}

/** The module folder (the name under modules/) of a path relative to server/src, or null outside a module folder. */
export const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Which other module folders each module folder imports, from each file's relative imports (paths from server/src). */
export function moduleGraph(files: readonly { file: string; imports: readonly string[] }[]): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const { file, imports } of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const to of imports.map(moduleOf)) if (to && to !== from) targets.add(to);
  }
  return new Map([...graph].map(([m, targets]) => [m, [...targets].sort()]));
}

/** The module graph of server/src/modules (type-only imports included). */
const modulesImports = () =>
  moduleGraph(
    sourceFiles(path.join(SRC, 'modules')).map((f) => ({ file: relative(f), imports: importsOf(f).map(relative) })),
  );

/**
 * The layers of the modules (docs/decisions/architecture.md, "A house in layers"). The core: users, their sign-in,
 * and the submission writer (the lifecycle, counts, totals, events). Beside it, services it may use that import no
 * feature either. Every other module is a feature (or the read side and API surfaces above them): it may import the
 * core and these services, and features below it, but nothing below imports it.
 */
const CORE_MODULES = ['users', 'auth', 'submissions'];
const SHARED_SERVICES = ['audit', 'notifications', 'uploads', 'media-files'];

/** SQL text (a query built or run) in a file's source: tagged sql, drizzle's builders, the raw query helpers. */
export function sqlTextIn(text: string, tableObjects: readonly string[]): string[] {
  const tables = tableObjects.join('|');
  return [
    ...text.matchAll(/\bsql(\.raw)?`/g),
    ...text.matchAll(/\.(select|selectDistinct|execute)\(/g),
    ...text.matchAll(new RegExp(`\\.(insert|update|delete)\\(\\s*(${tables})\\b`, 'g')),
    ...text.matchAll(/\b(queryRows|executePrepared|preparedStatement)\b/g),
    ...text.matchAll(/\.query\.\w+\.find(First|Many)\b/g),
  ].map((m) => m[0]);
}

/** A file where a module keeps its queries: its repository.ts or a file under its queries/. */
const isQueryFile = (file: string) => /^modules\/[\w-]+\/(repository\.ts$|queries\/)/.test(file);

describe('code shape', () => {
  it('every table of the schema has an owner in db/owners.ts, and the owner exists', () => {
    expect(TABLES.length).toBeGreaterThan(40);
    expect(TABLES.filter((t) => !t.owner).map((t) => t.name)).toEqual([]);
    const missing = TABLES.filter((t) => !existsSync(path.join(SRC, t.owner))).map((t) => `${t.name}: ${t.owner}`);
    expect(missing).toEqual([]);
  });

  it('only its owner writes a table (drizzle or SQL), for every table of the schema', () => {
    const files = sourceFiles().map((f) => ({ file: relative(f), text: readFileSync(f, 'utf8') }));
    const offenders = TABLES.flatMap((table) =>
      files
        .filter(({ file }) => !file.startsWith(table.owner))
        .flatMap(({ file, text }) =>
          writesTo(text, { [table.object]: table.name }).map((w) => `${file} writes ${table.name}: ${w}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it('routes and GraphQL resolvers hold no query: no drizzle, schema table or raw query helper in them', () => {
    const routeFiles = sourceFiles().filter((f) => registersRoutes(readFileSync(f, 'utf8')));
    expect(routeFiles.length).toBeGreaterThan(20);
    const offenders = routeFiles.flatMap((f) =>
      queryBuildersIn(readFileSync(f, 'utf8')).map((q) => `${relative(f)}: ${q}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the route check sees drizzle, the schema and the raw helpers', () => {
    expect(queryBuildersIn("import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(queryBuildersIn("import { users } from '../../db/schema.ts';")).toHaveLength(1);
    expect(queryBuildersIn("import type { users } from '../../db/schema.ts';")).toEqual([]);
    expect(queryBuildersIn('const rows = await queryRows(db, q);')).toHaveLength(1);
    expect(queryBuildersIn('await ctx.db.query.users.findFirst()')).toHaveLength(1);
    expect(queryBuildersIn("import { visibleJob } from './service.ts'; app.delete('/x')")).toEqual([]);
  });

  it('a route file is one that registers a route or a GraphQL field, whatever its name', () => {
    expect(registersRoutes("app.get(\n    '/api/draftSubmissions/:id/events',\n    { schema },")).toBe(true);
    expect(registersRoutes("  app.delete('/api/tokens/:id', opts, handler)")).toBe(true);
    expect(registersRoutes('app.route({ method: "GET", url: "/x", handler })')).toBe(true);
    expect(registersRoutes("builder.queryField('currentUser', (t) =>")).toBe(true);
    expect(registersRoutes('builder.mutationFields((t) => ({')).toBe(true);
    expect(registersRoutes("builder.objectRef<Row>('Company').implement({")).toBe(true);
    expect(registersRoutes("openOf.delete(user.id); headers.get('etag'); builder.enumType('S', {})")).toBe(false);
  });

  it('the check sees drizzle writes, SQL through drizzle and raw SQL', () => {
    const tables = {
      productSubmissions: 'product_submissions',
      submissionFiles: 'submission_files',
      submissionHistory: 'submission_history',
      submissionAttributes: 'submission_attributes',
    };
    expect(writesTo('await tx.insert(productSubmissions).values(x)', tables)).toHaveLength(1);
    expect(writesTo('await db\n  .update(submissionFiles)\n  .set(x)', tables)).toHaveLength(1);
    expect(writesTo('sql`UPDATE ${submissionHistory} SET reason = null`', tables)).toHaveLength(1);
    expect(writesTo("db.execute(sql.raw('delete from submission_attributes'))", tables)).toHaveLength(1);
    expect(writesTo('insert into "product_submissions" (id) values ($1)', tables)).toHaveLength(1);
    expect(writesTo('db.select().from(productSubmissions); update product_submissions_x', tables)).toEqual([]);
  });

  it('no two files of server/src import each other, directly or through others', () => {
    const files = sourceFiles();
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycles = importCycles(graph).map((c) => c.map(relative).join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('the cycle finder finds a cycle through three files and none in a tree', () => {
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      importCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('layers', () => {
  it('every file of server/src is in a layer, and imports only its own layer or lower ones', () => {
    const core = lifecycleFiles();
    expect([...core]).toContain(LIFECYCLE);
    const files = sourceFiles().map(relative);
    expect(files.filter((f) => !layerOf(f, core))).toEqual([]);
    const rank = (file: string) => LAYERS.indexOf(layerOf(file, core)!);
    const upward = files.flatMap((file) =>
      importsOf(path.join(SRC, file))
        .map(relative)
        .filter((target) => !layerOf(target, core) || rank(target) > rank(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('no module-level cycle in server/src/modules', () => {
    const cycles = importCycles(modulesImports()).map((c) => c.join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('the module graph joins files by their module folders, and its cycles are found', () => {
    const graph = moduleGraph([
      { file: 'modules/a/service.ts', imports: ['modules/a/repository.ts', 'modules/b/service.ts', 'lib/errors.ts'] },
      { file: 'modules/b/service.ts', imports: ['modules/c/policy.ts'] },
      { file: 'modules/c/policy.ts', imports: ['modules/a/events.ts'] },
      { file: 'lib/errors.ts', imports: ['modules/a/service.ts'] },
    ]);
    expect([...graph]).toEqual([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('the core modules (users, auth, submissions) and the services they use import no feature module', () => {
    const below = new Set([...CORE_MODULES, ...SHARED_SERVICES]);
    const graph = modulesImports();
    for (const m of below) expect(graph.has(m), m).toBe(true);
    const offenders = [...below].flatMap((m) =>
      (graph.get(m) ?? []).filter((to) => !below.has(to)).map((to) => `${m} -> ${to}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the submission tables are written by one file each: the lifecycle, the counts', () => {
    const submissionTables = TABLES.filter((t) => t.owner.startsWith('modules/submissions/'));
    expect(submissionTables.length).toBeGreaterThan(8);
    expect(submissionTables.filter((t) => !t.owner.endsWith('.ts')).map((t) => t.name)).toEqual([]);
  });

  it('places files by their path', () => {
    expect(layerOf('db/client.ts')).toBe('infrastructure');
    expect(layerOf('context.ts')).toBe('infrastructure');
    expect(layerOf('graphql/builder.ts')).toBe('infrastructure');
    expect(layerOf('graphql/schema.ts')).toBe('app');
    expect(layerOf('modules/auth/session.ts')).toBe('core');
    expect(layerOf('modules/audit/record.ts')).toBe('core');
    expect(layerOf('modules/submissions/counts.ts')).toBe('features');
    expect(layerOf('modules/submissions/counts.ts', new Set(['modules/submissions/counts.ts']))).toBe('core');
    expect(layerOf('modules/webhooks/jobs.ts')).toBe('features');
    expect(layerOf('job-registry.ts')).toBe('app');
    expect(layerOf('demo/seed.ts')).toBe('app');
    expect(layerOf('../test/harness.ts')).toBeUndefined();
  });

  it('the domain package imports nothing of the server or the web app', () => {
    const domain = path.join(SRC, '../../packages/domain/src');
    const offenders = sourceFiles(domain).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)]
        .map((m) => m[1])
        .filter((s) =>
          s.startsWith('.') ? !path.resolve(path.dirname(file), s).startsWith(domain) : s.startsWith('@portal/'),
        )
        .map((s) => `${path.relative(domain, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('queries in one place per module', () => {
  it('services hold no SQL text: queries live in repository.ts, queries/ or the writer owners.ts names', () => {
    const writers = new Set(TABLES.map((t) => t.owner).filter((o) => o.endsWith('.ts')));
    const files = sourceFiles(path.join(SRC, 'modules'))
      .map(relative)
      .filter((f) => !isQueryFile(f) && !writers.has(f));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((f) => {
      const text = readFileSync(path.join(SRC, f), 'utf8');
      return [
        ...queryBuildersIn(text),
        ...sqlTextIn(
          text,
          TABLES.map((t) => t.object),
        ),
      ].map((q) => `${f}: ${q}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the SQL check sees tagged SQL, drizzle builders and raw helpers, not a blob deleted', () => {
    const tables = ['productSubmissions', 'draftFiles'];
    expect(sqlTextIn('const q = sql`select 1`;', tables)).toHaveLength(1);
    expect(sqlTextIn('await tx.select({ id: x.id }).from(x)', tables)).toHaveLength(1);
    expect(sqlTextIn('await tx.delete(draftFiles).where(w)', tables)).toHaveLength(1);
    expect(sqlTextIn('await queryRows(db, q)', tables)).toHaveLength(1);
    expect(sqlTextIn('await ctx.storage.delete(key); const s = new Set(keys);', tables)).toEqual([]);
  });

  it('a query file is a repository.ts or under queries/', () => {
    expect(isQueryFile('modules/review/repository.ts')).toBe(true);
    expect(isQueryFile('modules/review/queries/queue.ts')).toBe(true);
    expect(isQueryFile('modules/review/service.ts')).toBe(false);
    expect(isQueryFile('lib/repository.ts')).toBe(false);
  });
});
