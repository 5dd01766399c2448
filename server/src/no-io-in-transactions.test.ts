import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No I/O inside a transaction (docs/decisions/storage-and-media.md): a transaction holds its row locks and a pooled connection
 * for as long as its callback runs, so a callback that waits on the file store, an SMTP relay, a web address or a
 * media process holds them for as long as that takes (a store gone silent: a minute). Blobs are stored before their
 * rows are recorded, and sent after.
 *
 * What this check sees, and what it cannot: it reads the syntax of server/src and flags a call written inside the
 * function given to `.transaction(...)` (nested functions included) that reaches the blob store (`storage.…`,
 * `withLocalFile`), an ingestion source (`moveInto`, `source.list`), the mailer (`mailer.send`), `fetch`, or the media
 * functions (media/media-pool.ts, renditions). It does not follow calls into other functions: a helper called from a
 * transaction that does I/O itself is not seen (the typed-events listeners, the lifecycle helpers), nor a callback
 * passed in from elsewhere, nor I/O through another name. Those are kept out by review and by the tests that hold the
 * store still while they look at the locks (ingestion-locks.postgres.test.ts).
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

const MEDIA_FUNCTIONS = new Set([
  'readBarcodesOffThread',
  'readBarcodesCheckedOffThread',
  'analyseFileOffThread',
  'makeThumbnailOffThread',
  'convertHeifUpload',
  'inspectUpload',
  'makeRenditions',
  'withLocalFile',
]);

/** What a call reaches, when it is I/O this check knows; null otherwise. */
export function ioOf(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) {
    if (callee.text === 'fetch') return 'fetch';
    if (MEDIA_FUNCTIONS.has(callee.text)) return callee.text;
    return null;
  }
  if (!ts.isPropertyAccessExpression(callee)) return null;
  const method = callee.name.text;
  const target = callee.expression;
  const targetName = ts.isPropertyAccessExpression(target)
    ? target.name.text
    : ts.isIdentifier(target)
      ? target.text
      : '';
  if (/storage$/i.test(targetName)) return `storage.${method}`;
  if (/mailer$/i.test(targetName) && method === 'send') return 'mailer.send';
  if (method === 'moveInto' || (/source$/i.test(targetName) && method === 'list')) return `source.${method}`;
  return null;
}

/** Every I/O call written inside a `.transaction(...)` callback of one file's text, as "line: what". */
export function ioInTransactions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const inside = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const io = ioOf(node);
      if (io) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${io}`);
    }
    ts.forEachChild(node, inside);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'transaction'
    ) {
      for (const arg of node.arguments) inside(arg);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

describe('no I/O inside a transaction (a syntactic check of server/src)', () => {
  it('finds what it is meant to find', () => {
    const sample = `
      await ctx.db.transaction(async (tx) => {
        await tx.insert(rows).values(row);
        await ctx.storage.put(key, body);
        await withLocalFile(store, key, async (p) => inspectUpload(p));
        await ctx.mailer.send(mail);
        await fetch(url);
        await source.moveInto(store, a, b);
      });
      await ctx.storage.delete(key); // after the commit: fine
    `;
    expect(ioInTransactions('sample.ts', sample)).toEqual([
      '4: storage.put',
      '5: withLocalFile',
      '5: inspectUpload',
      '6: mailer.send',
      '7: fetch',
      '8: source.moveInto',
    ]);
  });

  it('no transaction callback in server/src calls the blob store, the mailer, fetch, a source or the media work', () => {
    const offenders = sourceFiles().flatMap((file) =>
      ioInTransactions(file, readFileSync(file, 'utf8')).map(
        (f) => `${path.relative(SRC, file).split(path.sep).join('/')}:${f}`,
      ),
    );
    expect(offenders).toEqual([]);
  });
});
