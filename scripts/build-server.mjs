// Bundles the server (and the media process) into server/dist with esbuild, for processes that start often: the
// portal started by the browser tests and by the process tests, and `npm start`. Loading the bundle skips tsx's
// per-module work at every start (docs/decisions/testing-and-ci.md, "Started processes load the server built by esbuild").
// Packages stay in node_modules; the workspace's own (@portal/*) are bundled. Each module's import.meta keeps
// naming its source file, so paths built from it (migrations, seed data, the web build) resolve as from the source.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(repoRoot, 'server/dist');

/** import.meta.url, .dirname and .filename of a source file, written relative to the bundle. */
const sourceMeta = {
  name: 'source-import-meta',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { external: true }));
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const rel = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      text = text
        .replaceAll('import.meta.url', `(${url})`)
        .replaceAll('import.meta.dirname', `__sourceDirname(${url})`)
        .replaceAll('import.meta.filename', `__sourceFilename(${url})`);
      return { contents: text, loader: path.extname(args.path).slice(1).replace(/^m/, '') };
    });
  },
};

/**
 * Builds server/dist/main.mjs and server/dist/media-process.mjs. Every file is written under a temporary name and
 * renamed, so builds that run at the same time (Vitest's set-up beside the browser tests' portal) never let a process
 * load a half-written bundle.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: { main: 'server/src/main.ts', 'media-process': 'server/src/media/media-process.ts' },
    absWorkingDir: repoRoot,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
    plugins: [sourceMeta],
    // Read at build time, not from the environment: the built server forks the built media process beside it.
    define: { __BUILT_MEDIA_PROCESS__: '__builtMediaProcess' },
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import { dirname as __dirname_of } from 'node:path';",
        'const __sourceFilename = (url) => __fileURLToPath(url);',
        'const __sourceDirname = (url) => __dirname_of(__fileURLToPath(url));',
        "const __builtMediaProcess = __fileURLToPath(new URL('./media-process.mjs', import.meta.url));",
      ].join('\n'),
    },
  });
  await mkdir(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
