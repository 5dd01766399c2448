import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A test waits for its condition; the only limits are the configured ones that stop a hung test (playwright.config.ts,
 * vitest.config.ts, web/vitest.projects.ts, Testing Library's in web/src/test/setup.ts). A shorter limit written in a
 * test is a speed budget that a slower or busier machine misses, so none may be written, except a try's limit inside
 * `toPass`, which tries again until the test's own limit (marked on the line or the one before it with "one try").
 */
const root = path.resolve(import.meta.dirname, '../..');
const filesUnder = (dir: string, pattern: RegExp) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file));
const testFiles = [
  ...filesUnder('e2e', /\.ts$/),
  ...filesUnder('web/src', /\.test\.tsx?$/),
  ...filesUnder('server', /\.test\.ts$/),
  ...filesUnder('packages/domain/src', /\.test\.ts$/),
];

/** Every written limit below this is a budget; at or above it, a hang limit like the configured ones. */
const HANG_FLOOR_MS = 60_000;

function budgets(file: string): string[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}: ${line.trim()}`;
    // A longer limit than the configured one is a hang limit too (a spec that starts a portal of its own).
    const setLimit = /\btest\.setTimeout\(([0-9_]+)?/.exec(line);
    if (setLimit && !(Number(setLimit[1]?.replace(/_/g, '')) >= HANG_FLOOR_MS)) found.push(where);
    if (/\bconfigure\(\{ asyncUtilTimeout/.test(line) && !file.endsWith('setup.ts')) found.push(where);
    for (const m of line.matchAll(/\btimeout: ([0-9_]+)/g)) {
      const ms = Number(m[1].replace(/_/g, ''));
      const oneTry = /one try/i.test(line) || /one try/i.test(lines[i - 1] ?? '');
      if (ms < HANG_FLOOR_MS && !oneTry) found.push(where);
    }
    // it(name, fn, LIMIT) where the formatter puts the limit on a line of its own, after the function's closing brace.
    const limitLine = /^\s*([A-Z_][A-Z0-9_]*|[0-9_]+),\s*$/.exec(lines[i + 1] ?? '');
    if (/^\s*\},\s*$/.test(line) && limitLine && /^\s*\);/.test(lines[i + 2] ?? '')) {
      const ms = valueOf(limitLine[1], lines);
      if (ms === undefined || ms < HANG_FLOOR_MS) found.push(`${file}:${i + 2}: ${lines[i + 1].trim()}`);
    }
    // it(..., fn, 30_000) and describe(..., { timeout }) forms: a test's own limit below the configured one.
    const own = /^\s*\}, ([0-9_]+)\);$/.exec(line);
    if (
      own &&
      Number(own[1].replace(/_/g, '')) >= 1000 &&
      /^\s*(it|test|describe|beforeAll|afterAll)\b/.test(opener(lines, i))
    )
      found.push(where);
  });
  return found;
}

/** A limit written as a number, or as a constant of the file set to one. */
function valueOf(limit: string, lines: string[]): number | undefined {
  if (/^[0-9_]+$/.test(limit)) return Number(limit.replace(/_/g, ''));
  const declared = lines.map((l) => new RegExp(`^const ${limit} = ([0-9_]+);`).exec(l)).find(Boolean);
  return declared ? Number(declared[1].replace(/_/g, '')) : undefined;
}

/** The line that opens the block a `}, N);` line closes: the nearest line above at the same indentation. */
function opener(lines: string[], closing: number): string {
  const indent = /^\s*/.exec(lines[closing])![0];
  for (let j = closing - 1; j >= 0; j--)
    if (lines[j].startsWith(indent) && lines[j][indent.length] !== ' ' && lines[j].trim()) return lines[j];
  return '';
}

describe('tests race no clock', () => {
  it('finds the test files it reads', () => {
    expect(testFiles.filter((f) => f.startsWith('e2e')).length).toBeGreaterThan(20);
    expect(testFiles.filter((f) => f.startsWith('server')).length).toBeGreaterThan(50);
  });

  it('no test writes a limit shorter than the configured hang limits', () => {
    expect(testFiles.flatMap(budgets)).toEqual([]);
  });
});
