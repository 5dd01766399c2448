import type { Plugin } from 'vite';

/** Written beside index.html: the files every signed-in page needs, for the server to announce early. */
export const SIGNED_IN_PRELOAD_FILE = 'signed-in-preload.json';

interface BuiltChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The script and style files that every signed-in page loads after the entry (the shared `app` chunk, TanStack
 * Query, the shell). A browser learns of them only once the entry has run and the route is known; the server
 * names them in a `Link` header when a page is asked for with a session cookie, so they download from the first
 * moment, beside the entry, instead of a second round later.
 */
export function signedInPreload({
  chunks = ['app', 'query'],
  shell = /[\\/]features[\\/]shell[\\/]LoggedInShell\.tsx$/,
} = {}): Plugin {
  return {
    name: 'portal:signed-in-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const chunk = output as unknown as BuiltChunk;
        if (!chunks.includes(chunk.name) && !(chunk.facadeModuleId && shell.test(chunk.facadeModuleId))) continue;
        files.push(chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? []));
      }
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_PRELOAD_FILE, source: JSON.stringify(files.sort()) });
    },
  };
}
