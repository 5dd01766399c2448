import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { outDirOf } from './out-dir.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Smaller files fit in one packet either way. */
const MIN_BYTES = 1024;
export const COMPANION_EXTENSIONS = ['.br', '.gz'] as const;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

const mtimeOrZero = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => 0,
  );

/**
 * Writes `file.br` (brotli, maximum quality: done once, at build time) and `file.gz` beside every text file of
 * `dir` that has none or an older one; the server sends them to clients that accept them (server/src/lib/web-app.ts).
 * Returns the files it compressed.
 */
export async function precompressFolder(dir: string): Promise<string[]> {
  const done: string[] = [];
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    work.push(
      (async () => {
        const { size, mtimeMs } = await stat(file);
        // A file rewritten small (index.html with fewer chunks) must not leave the last build's copies behind: the
        // server would go on sending them, and with them the old release.
        if (size < MIN_BYTES)
          return void (await Promise.all(COMPANION_EXTENSIONS.map((ext) => rm(`${file}${ext}`, { force: true }))));
        if ((await mtimeOrZero(`${file}.br`)) >= mtimeMs) return;
        const data = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
          gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        done.push(path.relative(dir, file));
      })(),
    );
  }
  await Promise.all(work);
  return done.sort();
}

/** Vite plugin: brotli and gzip copies of the build output, written once the build (and public/) is in place. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = outDirOf(config);
    },
    async closeBundle() {
      const files = await precompressFolder(outDir);
      this.info(`precompressed ${files.length} files (brotli, gzip)`);
    },
  };
}
