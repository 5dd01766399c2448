import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { recordBuildAndPrune } from './keep-recent-builds.ts';
import { mantineStylesheetFor } from './mantine-styles.ts';
import { precompressFolder } from './precompress.ts';
import { buildsSchemas, usesSchemaModules } from './schema-modules.ts';
import { signedInChunk } from './signed-in-chunk.ts';
import { signedInPreload, signedInRoutes } from './signed-in-preload.ts';

const require = createRequire(import.meta.url);

function outDirWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const BIG = 'const x = "compress me";\n'.repeat(200);

describe('precompressing the build', () => {
  it('writes brotli and gzip copies of text files over 1 KB, once', async () => {
    const dir = outDirWith({
      'index.html': BIG,
      'assets/app-1.js': BIG,
      'assets/tiny-1.js': 'x',
      'assets/logo-1.png': BIG,
    });
    expect(await precompressFolder(dir)).toEqual(['assets/app-1.js', 'index.html']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/app-1.js.br'))).toString()).toBe(BIG);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/app-1.js.gz'))).toString()).toBe(BIG);
    expect(readFileSync(path.join(dir, 'assets/app-1.js.br')).length).toBeLessThan(BIG.length / 10);
    expect(existsSync(path.join(dir, 'assets/tiny-1.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/logo-1.png.br'))).toBe(false);
    // Unchanged files are not compressed again; a rewritten index.html is.
    const later = new Date(Date.now() + 5000);
    writeFileSync(path.join(dir, 'index.html'), `${BIG}<!-- v2 -->`);
    utimesSync(path.join(dir, 'index.html'), later, later);
    expect(await precompressFolder(dir)).toEqual(['index.html']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'index.html.br'))).toString()).toContain('v2');
  });

  it('removes the compressed copies of a file that has shrunk under 1 KB, so the server never sends the old release', async () => {
    const dir = outDirWith({ 'index.html': BIG });
    await precompressFolder(dir);
    const later = new Date(Date.now() + 5000);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script src="/assets/index-2.js"></script>');
    utimesSync(path.join(dir, 'index.html'), later, later);
    await precompressFolder(dir);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'index.html.gz'))).toBe(false);
  });
});

describe('keeping the last builds', () => {
  it('keeps the hashed files of the last three builds and their compressed copies, and deletes older ones', async () => {
    const dir = outDirWith({ 'assets/a-1.js': 'a1', 'assets/a-1.js.br': 'x', 'assets/a-1.js.gz': 'x' });
    // Files from before the history count as one build.
    const write = (name: string) => writeFileSync(path.join(dir, name), name);
    write('assets/a-2.js');
    expect(await recordBuildAndPrune(dir, ['assets/a-2.js'])).toEqual([]);
    write('assets/a-3.js');
    expect(await recordBuildAndPrune(dir, ['assets/a-3.js'])).toEqual([]);
    write('assets/a-4.js');
    expect(await recordBuildAndPrune(dir, ['assets/a-4.js'])).toEqual([
      'assets/a-1.js',
      'assets/a-1.js.br',
      'assets/a-1.js.gz',
    ]);
    write('assets/shared-1.css');
    write('assets/a-5.js');
    expect(await recordBuildAndPrune(dir, ['assets/a-5.js', 'assets/shared-1.css'])).toEqual(['assets/a-2.js']);
    // A file that two builds share stays while either is kept.
    expect(await recordBuildAndPrune(dir, ['assets/shared-1.css'])).toEqual(['assets/a-3.js']);
    expect(await recordBuildAndPrune(dir, ['assets/shared-1.css'])).toEqual(['assets/a-4.js']);
    expect(existsSync(path.join(dir, 'assets/shared-1.css'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets/a-5.js'))).toBe(true);
  });
});

describe("Mantine's styles per component", () => {
  it('names the layered style sheet of a component module, and none for other modules', () => {
    expect(mantineStylesheetFor('/repo/node_modules/@mantine/core/esm/components/Button/Button.module.mjs')).toBe(
      '@mantine/core/styles/Button.layer.css',
    );
    expect(
      mantineStylesheetFor('C:\\repo\\node_modules\\@mantine\\core\\esm\\components\\Input\\Input.module.mjs?v=1'),
    ).toBe('@mantine/core/styles/Input.layer.css');
    expect(mantineStylesheetFor('/repo/node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBeNull();
    expect(mantineStylesheetFor('/repo/web/src/features/submissions/activity.module.css')).toBeNull();
  });

  it('every component module of @mantine/core has its style sheet', () => {
    const mantine = path.resolve(path.dirname(require.resolve('@mantine/core')), '..');
    const esm = path.join(mantine, 'esm');
    const modules = readdirSync(esm, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.module.mjs'));
    expect(modules.length).toBeGreaterThan(50);
    const styles = path.join(mantine, 'styles');
    for (const m of modules)
      expect(
        existsSync(
          path.join(
            styles,
            path.basename(mantineStylesheetFor(path.join(esm, m).replace(/.*node_modules/, '/x/node_modules'))!),
          ),
        ),
        m,
      ).toBe(true);
  });
});

describe('signedInChunk', () => {
  // entry -> main -> ui (barrel: only re-exports) -> { Loader, Select }; main uses Loader only.
  // A lazily loaded page uses Select and a helper of its own.
  const modules: Record<string, { code: string; exports?: string[]; importedIds?: string[]; isEntry?: boolean }> = {
    'index.html': { code: '', isEntry: true, importedIds: ['main.tsx'] },
    'main.tsx': { code: "import { Loader } from 'ui';\nimport('./Page.tsx');", importedIds: ['ui/index.js'] },
    'ui/index.js': {
      code: "'use client';\nexport { Loader } from './Loader.js';\nexport { Select } from './Select.js';",
      exports: ['Loader', 'Select'],
      importedIds: ['ui/Loader.js', 'ui/Select.js'],
    },
    'ui/Loader.js': { code: 'export const Loader = 1;', exports: ['Loader'] },
    'ui/Select.js': { code: 'export const Select = 2;', exports: ['Select'] },
    'Page.tsx': { code: "import { Select } from 'ui';", importedIds: ['ui/index.js'] },
  };
  const graph = {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      if (!m) return null;
      const importers = Object.keys(modules).filter((other) => modules[other].importedIds?.includes(id));
      return {
        isEntry: !!m.isEntry,
        code: m.code,
        exports: m.exports ?? [],
        importedIds: m.importedIds ?? [],
        importers,
        dynamicImporters: id === 'Page.tsx' ? ['main.tsx'] : [],
      };
    },
  };

  it('leaves out what the entry loads, following an index only to the names imported from it', () => {
    const chunkOf = signedInChunk('app');
    expect(chunkOf('ui/Select.js', graph)).toBe('app');
    expect(chunkOf('Page.tsx', graph)).toBe('app');
    expect(chunkOf('ui/Loader.js', graph)).toBeNull();
    expect(chunkOf('main.tsx', graph)).toBeNull();
  });
});

describe('signedInPreload', () => {
  const ROUTER = `
    const loggedInRoutes = [
      { path: 'activity/:tab', lazy: signedInPage(() => import('./features/submissions/ActivityPage.tsx'), 'ActivityPage') },
      { path: 'account', lazy: signedInPage(() => import('./features/account/AccountPage.tsx'), 'AccountPage'), children: [
        { element: <RequireAccess allow={ok} />, children: [
          { path: 'password', lazy: signedInPage(() => import('./features/account/PasswordSettingsForm.tsx'), 'PasswordSettingsForm') },
        ] },
      ] },
    ];
    const loggedOutRoutes = [{ path: 'login', lazy: lazyPage(() => import('./features/auth/LoginPage.tsx'), 'LoginPage') }];`;

  it("reads the signed-in routes and their page modules from the router's source, nested paths joined", () => {
    expect(signedInRoutes(ROUTER, '/w/web/src/router.tsx')).toEqual([
      { path: 'activity/:tab', module: '/w/web/src/features/submissions/ActivityPage.tsx' },
      { path: 'account', module: '/w/web/src/features/account/AccountPage.tsx' },
      { path: 'account/password', module: '/w/web/src/features/account/PasswordSettingsForm.tsx' },
    ]);
  });

  it("lists the entry's scripts, the shared chunks, the shell and each signed-in route's own files for the server's Link header, and the pages' reads it answers", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'router-'));
    const routerFile = path.join(dir, 'web', 'src', 'router.tsx');
    mkdirSync(path.dirname(routerFile), { recursive: true });
    writeFileSync(routerFile, ROUTER);
    const src = path.dirname(routerFile);
    const chunk = (
      name: string,
      fileName: string,
      facadeModuleId: string | null,
      css: string[] = [],
      imports: string[] = [],
      isEntry = false,
    ) => ({
      type: 'chunk',
      name,
      fileName,
      facadeModuleId,
      isEntry,
      imports,
      viteMetadata: { importedCss: new Set(css) },
    });
    const bundle = {
      i: chunk('index', 'assets/index-1.js', path.join(src, 'main.tsx'), [], ['assets/framework-1.js'], true),
      f: chunk('framework', 'assets/framework-1.js', null),
      a: chunk('app', 'assets/app-1.js', null, ['assets/app-1.css'], ['assets/framework-1.js']),
      b: chunk('query', 'assets/query-1.js', null),
      c: chunk('LoggedInShell', 'assets/LoggedInShell-1.js', path.join(src, 'features/shell/LoggedInShell.tsx')),
      d: chunk(
        'ActivityPage',
        'assets/ActivityPage-1.js',
        path.join(src, 'features/submissions/ActivityPage.tsx'),
        ['assets/ActivityPage-1.css'],
        ['assets/framework-1.js', 'assets/app-1.js', 'assets/CataloguedList-1.js'],
      ),
      e: chunk(
        'CataloguedList',
        'assets/CataloguedList-1.js',
        null,
        ['assets/CataloguedList-1.css'],
        ['assets/app-1.js'],
      ),
      // Imported statically by another page as well: a chunk with no facade, named by the modules it holds.
      g: {
        ...chunk('AccountPage', 'assets/AccountPage-1.js', null),
        moduleIds: [path.join(src, 'features/account/AccountPage.tsx'), path.join(src, 'features/account/tabs.ts')],
      },
      h: { type: 'asset', fileName: 'assets/logo.svg' },
    };
    const emitted: { fileName: string; source: string }[] = [];
    const reads = [
      { path: 'productSubmissions/:id', query: 'query D($id: ID!) { d(id: $id) }', variables: { id: ':id' } },
    ];
    const plugin = signedInPreload({ reads: async () => reads });
    await (plugin.generateBundle as (this: unknown, o: unknown, b: unknown) => Promise<void>).call(
      {
        emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
        getModuleIds: () => [path.join(src, 'main.tsx'), routerFile],
      },
      {},
      bundle,
    );
    expect(emitted.map((e) => e.fileName)).toEqual(['signed-in-preload.json']);
    expect(JSON.parse(emitted[0].source)).toEqual({
      entry: ['assets/index-1.js', 'assets/framework-1.js'],
      shared: ['assets/LoggedInShell-1.js', 'assets/app-1.css', 'assets/app-1.js', 'assets/query-1.js'],
      routes: [
        {
          path: 'activity/:tab',
          files: [
            'assets/ActivityPage-1.js',
            'assets/ActivityPage-1.css',
            'assets/CataloguedList-1.js',
            'assets/CataloguedList-1.css',
          ],
        },
        { path: 'account', files: ['assets/AccountPage-1.js'] },
      ],
      reads,
    });
  });
});

describe('zod out of the first signed-in paint', () => {
  const web = path.resolve(import.meta.dirname, '../src');
  const domain = path.resolve(import.meta.dirname, '../../packages/domain/src');

  it('tells the domain modules that build schemas (zod or zod/mini) from those that do not', () => {
    expect(buildsSchemas(path.join(domain, 'photo-checks-schema.ts'))).toBe(true);
    expect(buildsSchemas(path.join(domain, 'photo-checks.ts'))).toBe(false);
    expect(buildsSchemas(path.join(domain, 'sign-in.ts'))).toBe(true);
    expect(buildsSchemas(path.join(domain, 'draft-rules.ts'))).toBe(false);
    expect(buildsSchemas(path.join(web, 'features/submissions/activity-api.ts'))).toBe(false);
    expect(usesSchemaModules(path.join(web, 'features/account/account-information-schema.ts'))).toBe(true);
    expect(usesSchemaModules(path.join(web, 'features/submissions/activity-api.ts'))).toBe(false);
  });

  it('the app, the shell and the pages below take nothing from them (so load no zod before the first paint)', () => {
    // Their static imports, followed through the web app's own modules (lazy import() calls are not followed): the
    // jobs console reads its address without zod, the access and account forms fetch their schemas at the first
    // change, so it is not the one chunk that takes them over 2 s on Fast 3G. Every page the web bench measures.
    const seen = new Set<string>();
    const pending = ['main.tsx', 'features/shell/LoggedInShell.tsx', 'features/submissions/ActivityPage.tsx']
      .concat('features/drafts/UploadFilesPage.tsx', 'features/jobs-console/JobsConsolePage.tsx')
      .concat('features/bulk-ingestion/AccessPage.tsx', 'features/account/AccountPage.tsx')
      .concat('features/account/AccountInformationForm.tsx')
      .concat('features/submissions/SubmissionDetailPage.tsx', 'features/catalogue/CataloguedListPage.tsx')
      .concat('features/audit/AuditPage.tsx', 'features/partners/SettingsPage.tsx')
      .map((f) => path.join(web, f));
    const resolve = (from: string, spec: string) =>
      [spec, `${spec}.ts`, `${spec}.tsx`]
        .map((s) => path.resolve(path.dirname(from), s))
        .find((f) => existsSync(f) && /\.tsx?$/.test(f));
    while (pending.length) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)) {
        const next = resolve(file, m[1]);
        if (next) pending.push(next);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
    expect([...seen].filter(usesSchemaModules).map((f) => path.relative(web, f))).toEqual([]);
  });

  it('no domain module without zod takes a value from one with it (the shared chunk would import the schemas back)', () => {
    // The schemas chunk holds the modules that build schemas, not what they import: a module without zod stays in the
    // shared chunk, and a value it took from a schema module made the two chunks import each other, one of them
    // evaluated before the other's constants were set (a page that would not load at all).
    // Tests and their fixtures are no module of the app.
    const modules = readdirSync(domain).filter(
      (f) => f.endsWith('.ts') && !f.includes('.test.') && !f.includes('.fixture.'),
    );
    const crossings = modules
      .filter((f) => !buildsSchemas(path.join(domain, f)))
      .flatMap((f) =>
        [...readFileSync(path.join(domain, f), 'utf8').matchAll(/^import (?!type )[^;]*?from '\.\/([^']+)'/gms)]
          .map((m) => m[1])
          .filter((dep) => buildsSchemas(path.join(domain, dep)))
          .map((dep) => `${f} -> ${dep}`),
      );
    expect(crossings).toEqual([]);
  });
});
