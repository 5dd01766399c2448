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

/** Route and GraphQL files: they parse, authorize, call a service and present; the query lives behind the service. */
const isRouteFile = (file: string) => /(^|[-/])(routes|graphql)\.ts$/.test(relative(file));

/** What in a route file builds or runs a query: drizzle itself, the schema's tables, or the raw query helpers. */
export function queryBuildersIn(text: string): string[] {
  return [
    ...text.matchAll(/from\s+'(drizzle-orm[^']*|[./]*db\/schema\.ts)'/g),
    ...text.matchAll(/\b(queryRows|executePrepared)\b/g),
    ...text.matchAll(/\.query\.\w+\.find(First|Many)\b/g),
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
    const routeFiles = sourceFiles().filter(isRouteFile);
    expect(routeFiles.length).toBeGreaterThan(20);
    const offenders = routeFiles.flatMap((f) =>
      queryBuildersIn(readFileSync(f, 'utf8')).map((q) => `${relative(f)}: ${q}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the route check sees drizzle, the schema and the raw helpers', () => {
    expect(queryBuildersIn("import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(queryBuildersIn("import { users } from '../../db/schema.ts';")).toHaveLength(1);
    expect(queryBuildersIn('const rows = await queryRows(db, q);')).toHaveLength(1);
    expect(queryBuildersIn('await ctx.db.query.users.findFirst()')).toHaveLength(1);
    expect(queryBuildersIn("import { visibleJob } from './service.ts'; app.delete('/x')")).toEqual([]);
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
