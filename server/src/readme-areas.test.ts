import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The README's table of areas is where a newcomer looks up who owns what: it must name every module folder, every
 * table and every job type, or it stops being true the day one is added.
 */
const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');
const readme = read('../../README.md');
const header = readme.indexOf('| area | web:');
const table = readme
  .slice(header, readme.indexOf('\n\n', header))
  .split('\n')
  .slice(2)
  .map((row) => row.split('|').slice(1, -1));
/** Every `name` written in code style in one column of the table. */
const named = (column: number) =>
  new Set(table.flatMap((cells) => [...(cells[column] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1])));

const sourceFiles = (dir: URL): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(new URL(`${entry.name}/`, dir))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [readFileSync(new URL(entry.name, dir), 'utf8')]
        : [],
  );

describe("the README's table of areas", () => {
  it('was found', () => expect(table.length).toBeGreaterThan(10));

  it('names every module folder in its server column', () => {
    const modules = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${d.name}/`);
    const server = named(2);
    expect(modules.filter((m) => !server.has(m))).toEqual([]);
  });

  it('names every table of the schema in its tables column', () => {
    const tables = [...read('./db/schema.ts').matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(30);
    const written = named(3);
    expect(tables.filter((t) => !written.has(t))).toEqual([]);
  });

  it('names every job type in its jobs column', () => {
    const jobs = sourceFiles(new URL('./', import.meta.url)).flatMap((text) =>
      [...text.matchAll(/jobType\(\s*'([\w.]+)'/g)].map((m) => m[1]),
    );
    expect(jobs.length).toBeGreaterThan(5);
    const listed = named(4);
    expect(jobs.filter((j) => !listed.has(j))).toEqual([]);
  });
});
