import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import type { PageRead } from '../src/routes/page-reads.ts';

/** Written beside index.html: the files every signed-in page needs, for the server to announce early. */
export const SIGNED_IN_PRELOAD_FILE = 'signed-in-preload.json';

interface BuiltChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  facadeModuleId: string | null;
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** What the server reads: the entry's scripts, the files of every signed-in page, and each signed-in route's own. */
export interface SignedInPreload {
  /**
   * The entry and the scripts it imports, named first: index.html names them too, but only once its body is read,
   * after the header's other files have taken the browser's few connections to the server, so the app started last.
   */
  entry: string[];
  shared: string[];
  /** Route patterns as the router writes them (`activity/:tab`), without the optional partner segment. */
  routes: { path: string; files: string[] }[];
  /** The reads the server answers in the page, with the session's (web/src/routes/page-reads.ts). */
  reads: PageRead[];
}

/**
 * The signed-in routes of the router's source and the page module each loads: every route object whose `lazy` is
 * `signedInPage(() => import('...'), ...)`, its path joined with those of the route objects around it.
 */
export function signedInRoutes(source: string, routerFile: string): { path: string; module: string }[] {
  const sourceFile = ts.createSourceFile(routerFile, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { path: string; module: string }[] = [];
  const prop = (object: ts.ObjectLiteralExpression, name: string) =>
    object.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;
  const lazyImport = (lazy: ts.Expression | undefined) => {
    if (!lazy || !ts.isCallExpression(lazy) || lazy.expression.getText(sourceFile) !== 'signedInPage') return null;
    const load = lazy.arguments[0];
    if (!load || !ts.isArrowFunction(load) || !ts.isCallExpression(load.body)) return null;
    const call = load.body;
    if (call.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
    const specifier = call.arguments[0];
    return specifier && ts.isStringLiteral(specifier) ? specifier.text : null;
  };
  const visit = (node: ts.Node, prefix: string) => {
    if (ts.isObjectLiteralExpression(node)) {
      const own = prop(node, 'path');
      const joined = own && ts.isStringLiteral(own) ? [prefix, own.text].filter(Boolean).join('/') : prefix;
      const specifier = lazyImport(prop(node, 'lazy'));
      if (specifier && joined) found.push({ path: joined, module: path.resolve(path.dirname(routerFile), specifier) });
      const children = prop(node, 'children');
      if (children) visit(children, joined);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, prefix));
  };
  visit(sourceFile, '');
  return found;
}

/**
 * The script and style files that every signed-in page loads after the entry (the shared `app` chunk, TanStack
 * Query, the shell), and each signed-in route's own (its page chunk, what only it imports, their styles). A browser
 * learns of them only once the entry has run and the route is known; the server names them in a `Link` header when
 * a page is asked for with a session cookie, so they download from the first moment, beside the entry, instead of
 * one or two rounds later. `reads`: the page reads the server answers in the page itself.
 */
export function signedInPreload({
  chunks = ['app', 'query'],
  shell = /[\\/]features[\\/]shell[\\/]LoggedInShell\.tsx$/,
  router = /[\\/]web[\\/]src[\\/]router\.tsx$/,
  reads = async () => [] as PageRead[],
} = {}): Plugin {
  return {
    name: 'portal:signed-in-preload',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const built = Object.values(bundle).filter((o) => o.type === 'chunk') as unknown as BuiltChunk[];
      const withCss = (chunk: BuiltChunk) => [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])];

      const shared = built
        .filter((c) => chunks.includes(c.name) || (c.facadeModuleId && shell.test(c.facadeModuleId)))
        .flatMap(withCss)
        .sort();
      const byFile = new Map(built.map((c) => [c.fileName, c]));
      const byModule = new Map(built.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      /** A chunk and every chunk it imports statically, through each other. */
      const withImports = (chunk: BuiltChunk) => {
        const found = new Set<BuiltChunk>();
        const todo = [chunk];
        for (let c = todo.pop(); c; c = todo.pop()) {
          if (found.has(c)) continue;
          found.add(c);
          todo.push(...(c.imports ?? []).flatMap((f) => byFile.get(f) ?? []));
        }
        return [...found];
      };
      // What index.html already names (the entry and its imports, their styles), or the shared list does, is not
      // repeated per route.
      const known = new Set([
        ...shared,
        ...built
          .filter((c) => c.isEntry)
          .flatMap(withImports)
          .flatMap(withCss),
      ]);

      const routerId = [...((this as { getModuleIds?: () => Iterable<string> }).getModuleIds?.() ?? [])].find((id) =>
        router.test(id),
      );
      const routes: SignedInPreload['routes'] = [];
      for (const route of routerId ? signedInRoutes(readFileSync(routerId, 'utf8'), routerId) : []) {
        // A page that another page also imports statically (the upload page, from the draft's) is put in a chunk
        // with no facade of its own: found by the modules the chunk holds.
        const page = byModule.get(route.module) ?? built.find((c) => c.moduleIds?.includes(route.module));
        if (!page || routes.some((r) => r.path === route.path)) continue;
        const files = withImports(page)
          .flatMap(withCss)
          .filter((f, i, all) => !known.has(f) && all.indexOf(f) === i);
        routes.push({ path: route.path, files });
      }
      const entry = built
        .filter((c) => c.isEntry)
        .flatMap(withImports)
        .map((c) => c.fileName)
        .filter((f, i, all) => all.indexOf(f) === i);
      const preload: SignedInPreload = { entry, shared, routes, reads: await reads() };
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_PRELOAD_FILE, source: JSON.stringify(preload) });
    },
  };
}
