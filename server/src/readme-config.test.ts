import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUEUES } from './jobs/queues.ts';

/**
 * The README's configuration table is where an operator looks up a setting: every environment variable the server
 * reads (server/src/config.ts) must have exactly one row, and no row may describe a variable that is no longer read.
 * The README describes the portal as it is: no issue numbers and no history of how it got there.
 */
const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');
const readme = read('../../README.md');

const config = read('./config.ts');
const schemaStart = config.indexOf('const envSchema = z.object({');
const schema = config.slice(schemaStart, config.indexOf('\n});', schemaStart));
const readByServer = [
  ...[...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
  // Written as a template in the schema, one per queue.
  ...QUEUES.map((queue) => `WORKER_CONCURRENCY_${queue.toUpperCase()}`),
];

const section = readme.slice(
  readme.indexOf('## Configuration'),
  readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
);
/** The variables each row names in its first cell; `_CHECKS` after `WORKER_CONCURRENCY_MEDIA` is WORKER_CONCURRENCY_CHECKS. */
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    let prefix = '';
    return [...line.split('|')[1].matchAll(/`([A-Z0-9_]+)`/g)].map(([, name]) => {
      if (name.startsWith('_')) return prefix + name;
      prefix = name.slice(0, name.lastIndexOf('_'));
      return name;
    });
  });
const named = rows.flat();

describe("the README's configuration table", () => {
  it('was found, and the schema was read', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(readByServer.length).toBeGreaterThan(40);
  });

  it('has a row for every variable the server reads', () => {
    expect(readByServer.filter((name) => !named.includes(name))).toEqual([]);
  });

  it('names each variable once', () => {
    expect(named.filter((name, n) => named.indexOf(name) !== n)).toEqual([]);
  });

  it('has no row for a variable the server does not read', () => {
    expect(named.filter((name) => !readByServer.includes(name))).toEqual([]);
  });
});

describe('the README', () => {
  it('names no issue, session or branch: it describes the portal, not its history', () => {
    const history = readme
      .split('\n')
      .filter((line) => /\b(issue|session) \d+\b|\bbefore issue\b|\bbranch `?\w/i.test(line));
    expect(history).toEqual([]);
  });

  it('points to the decisions by area, not to the old journal', () => {
    expect(readme).not.toContain('docs/decisions.md');
    expect(readme).toContain('docs/decisions/README.md');
  });
});
