import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/decisions/ holds one file per area, each decision a `###` heading with its date, context, decision and
 * consequences, and docs/decisions/README.md lists every decision on one line. Both stay true only if a test says so.
 */
const dir = new URL('../../docs/decisions/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const areaFiles = readdirSync(dir)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort();
const index = read('README.md');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

type Decision = { file: string; title: string; anchor: string; body: string };
const decisions: Decision[] = areaFiles.flatMap((file) =>
  read(file)
    .split(/^### /m)
    .slice(1)
    .map((section) => {
      const title = section.slice(0, section.indexOf('\n')).trim();
      return { file, title, anchor: anchorOf(title), body: section };
    }),
);
/** Every `[title](file.md#anchor)` of the index, with the date written after it. */
const listed = [...index.matchAll(/^- \[(.+)\]\(([\w-]+\.md)#([^)]+)\) \((\d{4}-\d{2}-\d{2})\)$/gm)].map((m) => ({
  title: m[1],
  file: m[2],
  anchor: m[3],
  date: m[4],
}));

describe('docs/decisions', () => {
  it('has area files with decisions, and an index that lists them', () => {
    expect(areaFiles.length).toBeGreaterThan(10);
    expect(decisions.length).toBeGreaterThan(100);
    expect(listed.length).toBeGreaterThan(100);
  });

  it('lists every decision of every area file in the index, under its title and date', () => {
    const missing = decisions
      .filter((d) => {
        const line = listed.find((l) => l.file === d.file && l.anchor === d.anchor);
        return !line || line.title !== d.title || !d.body.includes(`**Date:** ${line.date}`);
      })
      .map((d) => `${d.file}: ${d.title}`);
    expect(missing).toEqual([]);
  });

  it('links from the index only to decisions that exist', () => {
    const dangling = listed
      .filter((l) => !decisions.some((d) => d.file === l.file && d.anchor === l.anchor))
      .map((l) => `${l.file}#${l.anchor}`);
    expect(dangling).toEqual([]);
  });

  it('gives each decision its date, context, decision and consequences, in that order', () => {
    const incomplete = decisions
      .filter((d) => {
        const at = ['**Date:** ', '**Context:**', '**Decision:**', '**Consequences:**'].map((label) =>
          d.body.search(new RegExp(`^${label.replace(/\*/g, '\\*')}`, 'm')),
        );
        const date = /^\*\*Date:\*\* (\d{4}-\d{2}-\d{2})$/m.exec(d.body)?.[1];
        return !date || Number.isNaN(Date.parse(date)) || at.some((i, n) => i < 0 || (n > 0 && i < at[n - 1]));
      })
      .map((d) => `${d.file}: ${d.title}`);
    expect(incomplete).toEqual([]);
  });

  it('names each decision once per file', () => {
    const repeated = decisions.filter(
      (d, n) => decisions.findIndex((o) => o.file === d.file && o.anchor === d.anchor) !== n,
    );
    expect(repeated.map((d) => `${d.file}: ${d.title}`)).toEqual([]);
  });

  it('links between decisions only to headings that exist', () => {
    const broken = areaFiles.flatMap((file) =>
      [...read(file).matchAll(/\]\(([\w-]+\.md)?#([^)]+)\)/g)]
        .filter((m) => !decisions.some((d) => d.file === (m[1] ?? file) && d.anchor === m[2]))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(broken).toEqual([]);
  });

  it('names decisions, not issues or sessions', () => {
    const history = decisions
      .filter((d) => /\b(issue|session) \d+\b/i.test(d.body) || /^(issue|session)\b/i.test(d.title))
      .map((d) => `${d.file}: ${d.title}`);
    expect(history).toEqual([]);
  });
});
