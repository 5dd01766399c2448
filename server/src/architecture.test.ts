import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

/** The submission and what belongs to it: written only by modules/submissions/. */
const SUBMISSION_TABLES = {
  productSubmissions: 'product_submissions',
  submissionFiles: 'submission_files',
  submissionHistory: 'submission_history',
  submissionMarketAccounts: 'submission_market_accounts',
  submissionAttributes: 'submission_attributes',
  submissionCounts: 'submission_counts',
};

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
  it('only modules/submissions/ writes the submissions, their files, history, market accounts, attributes and counts', () => {
    const offenders = sourceFiles()
      .filter((f) => !relative(f).startsWith('modules/submissions/'))
      .flatMap((f) => writesTo(readFileSync(f, 'utf8'), SUBMISSION_TABLES).map((w) => `${relative(f)}: ${w}`));
    expect(offenders).toEqual([]);
  });

  it('the check sees drizzle writes, SQL through drizzle and raw SQL', () => {
    expect(writesTo('await tx.insert(productSubmissions).values(x)', SUBMISSION_TABLES)).toHaveLength(1);
    expect(writesTo('await db\n  .update(submissionFiles)\n  .set(x)', SUBMISSION_TABLES)).toHaveLength(1);
    expect(writesTo('sql`UPDATE ${submissionHistory} SET reason = null`', SUBMISSION_TABLES)).toHaveLength(1);
    expect(writesTo("db.execute(sql.raw('delete from submission_attributes'))", SUBMISSION_TABLES)).toHaveLength(1);
    expect(writesTo('insert into "product_submissions" (id) values ($1)', SUBMISSION_TABLES)).toHaveLength(1);
    expect(writesTo('db.select().from(productSubmissions); update product_submissions_x', SUBMISSION_TABLES)).toEqual(
      [],
    );
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
