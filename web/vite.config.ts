import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { keepRecentBuilds } from './build-plugins/keep-recent-builds.ts';
import { mantineStylesPerComponent } from './build-plugins/mantine-styles.ts';
import { precompress } from './build-plugins/precompress.ts';
import { buildsSchemas, usesSchemaModules } from './build-plugins/schema-modules.ts';
import { signedInChunk } from './build-plugins/signed-in-chunk.ts';
import { signedInPreload } from './build-plugins/signed-in-preload.ts';
import { tsImport } from 'tsx/esm/api';

// The dev server forwards every server-owned path to the API process, so the
// browser sees one origin (cookie session) exactly as in production.
// API_TARGET lets a second server (another port) stand in during development.
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

const toServer: ProxyOptions = { target: API_TARGET };

// /productSubmissions/{id} is both an app route and an image path on the server:
// a page load (asks for HTML) stays with the app, everything else goes to the server.
const toServerUnlessPageLoad: ProxyOptions = {
  target: API_TARGET,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/** What the signed-in pages' shared chunk may hold. */
const SHARED =
  /node_modules|[\\/]packages[\\/]domain[\\/]|[\\/]web[\\/]src[\\/](api|ui|routes|partner|features[\\/]shell)[\\/]|-(api|operations)\.tsx?$/;

/**
 * The pages' first reads (src/routes/page-reads.ts), computed by the app's own modules: loaded through tsx, since the
 * config's own loader leaves the workspace's TypeScript packages (the domain) to Node, which cannot run them.
 */
const pageReads = async () =>
  ((await tsImport('./src/routes/page-reads.ts', import.meta.url)) as typeof import('./src/routes/page-reads.ts'))
    .PAGE_READS;

/** Whether a module is part of one of Mantine's components named (its folder under `@mantine/core`). */
const mantineComponents = (names: string[]) => {
  const folder = new RegExp(
    `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${names.join('|')})[\\\\/]`,
  );
  return (id: string) => folder.test(id);
};
const SELECT_COMPONENTS = [
  'Combobox',
  'ComboboxPopover',
  'Select',
  'NativeSelect',
  'MultiSelect',
  'Autocomplete',
  'TagsInput',
  'Pill',
  'PillsInput',
];
const FORM_INPUT_COMPONENTS = [
  'NumberInput',
  'ColorInput',
  'ColorPicker',
  'ColorSwatch',
  'Radio',
  'Switch',
  'FileInput',
  'Grid',
];

export default defineConfig({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    signedInPreload({ reads: pageReads }),
    keepRecentBuilds(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Not emptied: keepRecentBuilds() keeps the last builds' hashed files for tabs opened before a deploy.
    emptyOutDir: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Needed by every page and changed less often than the app: cached across releases.
            // Everything else (Mantine's components, forms, zod...) goes with the pages that use it.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // TanStack Query: the signed-in pages' server state (api/query-client.tsx), loaded with their shell.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            // zod and the domain modules that build schemas with it, for the pages with forms and those that use their
            // rules: the shell, the activity list and the upload page read only modules without zod (a quarter of the
            // shared code they would otherwise wait for on a slow connection).
            {
              name: 'schemas',
              test: (id) => /node_modules[\\/]zod[\\/]/.test(id) || buildsSchemas(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // Mantine's core (provider, Box, styles API, hooks): every page's components stand on it.
            { name: 'framework', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/, priority: 2 },
            // The pages a visitor meets first (login, the landing pages) and all they use, in one file: on a slow phone
            // connection a few round trips instead of fifty. Signed-in pages reuse it from the cache.
            {
              name: 'public',
              test: /[\\/]web[\\/]src[\\/]features[\\/](auth[\\/](LoginPage|AdminLoginPage|LoginForm|LoginLayout)\.tsx|landing[\\/])/,
              priority: 1,
            },
            // The form library, for the pages with forms: the most visited signed-in pages (activity, upload) have none,
            // and it is a fifth of the shared code.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // Mantine's select inputs and the combobox they stand on, for the pages with a select (lists with filters,
            // the staff pages): in the shared chunk, the detail, upload and catalogue pages loaded them too.
            {
              name: 'selects',
              test: mantineComponents(SELECT_COMPONENTS),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The other inputs only forms use (numbers, colours, radios, switches, files, grid): 17 KB every signed-in
            // page loaded with the shared chunk. The shell's menu keeps the radio's icon (Menu.RadioItem).
            {
              name: 'inputs',
              test: (id) =>
                /node_modules[\\/]react-number-format[\\/]/.test(id) ||
                (mantineComponents(FORM_INPUT_COMPONENTS)(id) && !/[\\/]RadioIcon\./.test(id)),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The parts of a submission's page that the detail, review and Enter UPC(s) pages share (states, images,
            // history, photo badges, readiness): one file, not five of a kilobyte each (a round trip each on a phone).
            {
              name: 'submission-parts',
              test: /[\\/]web[\\/]src[\\/]features[\\/](submissions[\\/](SubmissionStates|SubmissionImages|SubmissionHistory|PhotoIssueBadges)|drafts[\\/]ReadinessPanel)\.tsx$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What the signed-in pages share, in one file loaded beside the page's own: the shell, the API client and
            // GraphQL documents, the domain rules and the remaining libraries (Mantine's components, forms, zod).
            // A page chunk then holds only that page; what the entry loads for every page stays out.
            {
              name: signedInChunk('app'),
              debugName: 'app',
              // Not the API modules of the pages that need zod anyway: in here they would make every page load it.
              test: (id) => SHARED.test(id) && !usesSchemaModules(id),
              priority: 0,
              // Its modules' dependencies that the entry loads stay in the entry's chunks (the default would pull them in
              // here, and every logged-out page would then load this chunk too).
              includeDependenciesRecursively: false,
              // Code only one page uses stays with it.
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': toServer,
      '/graphql': toServer,
      '/draftSubmissions': toServer,
      '/productSubmissions': toServerUnlessPageLoad,
    },
  },
});
