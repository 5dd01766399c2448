import { defineConfig } from 'vitest/config';
import { webProjects } from './web/vitest.projects.ts';

// Server tests run once on PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL server.
// Server test files share a worker's loaded modules (no isolation): each file builds its own server on its own database
// copy, and loading the server's modules again per file was most of a short file's time (the unit and integration run
// took 557 s isolated and 445 s not, with web/vitest.projects.ts's split; 8 files on PostgreSQL: 107 s against 78 s).
const serverProject = (name: string, env: Record<string, string>, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    isolate: false,
    root: './server',
    include,
    exclude,
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates and seeds one database that each test file copies.
    globalSetup: ['./test/global-setup.ts'],
  },
});

/**
 * Server test files whose subject is not the database run in one pass only: the attack suite (who may reach what:
 * policies and the company conditions of queries, the same SQL on both databases), hostile media files, HTTP edges,
 * SMTP, OpenID Connect, the OpenAPI document, serving the web app, S3 storage, logging, photo checks, printed digits,
 * API tokens (who a token acts as), bad input (the answers to it), webhooks (signatures, retries, the SSRF guard).
 * That pass is PostgreSQL's when there is one (its server works on the other core, where PGlite runs inside the test
 * process: the attack suite takes a third of the time there), PGlite's otherwise.
 */
const ONE_PASS = [
  'api-tokens', 'attack-*', 'bad-input', 'example', 'ingestion-s3', 'json-compression', 'logging', 'mail', 'node-version',
  'oidc', 'openapi', 'photo-checks', 'printed-digits', 'web-app', 'webhooks',
].map((name) => `test/${name}.test.ts`);
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest would use one worker on a two-core machine; the server tests mostly wait on databases and child
    // processes, so two workers take a quarter off the run (10.4 to 7.8 minutes in CI).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      ...webProjects,
      // *.postgres.test.ts start several server processes on one database: PostgreSQL only; *.pglite.test.ts the reverse.
      serverProject('server-pglite', { TEST_DATABASE_URL: '' }, ['src/**/*.test.ts', 'test/**/*.test.ts'], [
        '**/*.postgres.test.ts',
        ...(postgres ? ONE_PASS : []),
      ]),
      // The second pass: everything about the database again, and the one-pass files.
      ...(postgres
        ? [
            serverProject('server-postgres', { TEST_DATABASE_URL: postgres }, ['test/**/*.test.ts', 'src/jobs/**/*.test.ts', 'src/lib/session-store.test.ts'], [
              '**/*.pglite.test.ts',
            ]),
          ]
        : []),
    ],
  },
});
