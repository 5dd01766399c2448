import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle's migrator runs only what the journal lists, and only entries newer than the last one a database recorded:
 * a migration file that a merge left out of the journal is never applied, and its tables are missing everywhere.
 */
const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describe('the migrations journal', () => {
  it('lists every migration file, each once', () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -'.sql'.length))
      .sort();
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files);
  });

  it('lists them in the order of their times, as the migrator applies them', () => {
    const times = journal.entries.map((e) => e.when);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});
