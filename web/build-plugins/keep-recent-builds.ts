import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { outDirOf } from './out-dir.ts';
import { COMPANION_EXTENSIONS } from './precompress.ts';

/** Tabs opened before a deploy still ask for the old chunks: the last builds' hashed files stay servable. */
export const BUILDS_KEPT = 3;
/** A dotfile: the server does not serve it. */
export const HISTORY_FILE = '.builds.json';
const ASSETS = 'assets';

interface BuildRecord {
  builtAt: string;
  /** Paths under the output folder, e.g. `assets/index-3x4mpl3.js`. */
  files: string[];
}

async function readHistory(outDir: string): Promise<BuildRecord[]> {
  const file = path.join(outDir, HISTORY_FILE);
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(parsed) ? (parsed as BuildRecord[]) : [];
  } catch {
    return [];
  }
}

/**
 * Records this build's files and deletes the hashed assets (and their compressed copies) that none of the last
 * `keep` builds wrote. Files it has no record of (from before the history existed) count as one older build.
 * Returns the deleted paths.
 */
export async function recordBuildAndPrune(
  outDir: string,
  files: string[],
  keep = BUILDS_KEPT,
  now = new Date(),
): Promise<string[]> {
  const assetsDir = path.join(outDir, ASSETS);
  const onDisk = existsSync(assetsDir) ? (await readdir(assetsDir)).map((name) => `${ASSETS}/${name}`) : [];
  let history = await readHistory(outDir);
  if (history.length === 0) {
    const current = new Set(files);
    const untracked = onDisk.filter((f) => !current.has(f) && !COMPANION_EXTENSIONS.some((ext) => f.endsWith(ext)));
    if (untracked.length > 0) history = [{ builtAt: 'before build history', files: untracked }];
  }
  history = [{ builtAt: now.toISOString(), files: [...files].sort() }, ...history].slice(0, keep);
  const kept = new Set(history.flatMap((b) => b.files));
  const stale = onDisk.filter(
    (f) =>
      !kept.has(
        COMPANION_EXTENSIONS.reduce((name, ext) => (name.endsWith(ext) ? name.slice(0, -ext.length) : name), f),
      ),
  );
  await Promise.all(stale.map((f) => rm(path.join(outDir, f), { force: true })));
  await writeFile(path.join(outDir, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  return stale.sort();
}

/**
 * Vite plugin, used with `emptyOutDir: false`: the output folder keeps the hashed files of the last builds
 * and loses older ones, so a deploy neither breaks open tabs nor lets the folder grow without end.
 */
export function keepRecentBuilds(keep = BUILDS_KEPT): Plugin {
  let outDir = '';
  return {
    name: 'portal:keep-recent-builds',
    apply: 'build',
    configResolved(config) {
      outDir = outDirOf(config);
    },
    // writeBundle, not closeBundle: done before precompress() looks at the folder.
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith(`${ASSETS}/`));
      const deleted = await recordBuildAndPrune(outDir, files, keep);
      if (deleted.length > 0) this.info(`removed ${deleted.length} files of builds older than the last ${keep}`);
    },
  };
}
