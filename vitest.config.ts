import { defineConfig } from 'vitest/config';
import { webProjects } from './web/vitest.projects.ts';

// Server tests run once on PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL server.
// Server test files share a worker's loaded modules (no isolation): each file builds its own server on its own database
// copy, and loading the server's modules again per file was most of a short file's time (figures in
// docs/decisions/testing-and-ci.md, "Test files share their worker's loaded modules").
const serverProject = (name: string, env: Record<string, string>, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    isolate: false,
    root: './server',
    include,
    exclude,
    environment: 'node',
    // No test may send a webhook off this machine (processes the tests spawn inherit it too). Nor read the photos'
    // text (about 5 s of CPU a photo) in the portals the process tests start: only the facts tests look at what it
    // reads, on servers that turn it on.
    env: { WEBHOOK_LOOPBACK_ONLY: 'on', READ_PHOTO_TEXT: 'off', ...env },
    // Limits for a test that hangs, not speed targets: CI may run on a machine many times as slow and busy (a search
    // file's set-up took more than 300 s at a load of 30). No file sets a shorter one; a passing test waits for its
    // conditions, never for its limit.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Migrates and seeds one database that each test file copies.
    globalSetup: ['./test/global-setup.ts'],
    // Each file ends with no lock taken out of the one order (src/db/lock-order.ts).
    // ...and the test servers fork the built media process (support/built-media-process.ts).
    setupFiles: ['./test/support/lock-order-guard.ts', './test/support/built-media-process.ts'],
  },
});

/**
 * Server test files whose subject is the database itself run in both passes: sign-in sessions shared by two instances
 * (auth), the connection pool (metrics), readiness naming the database (operations), the job queue and the session
 * store, the rate-limit counters and the session secret's fingerprint, the search (its extensions are the database's: test/search) (src/jobs, src/maintenance, src/lib/session-store,
 * src/lib/rate-limit-store, src/lib/session-secret-check), and the driver files named *.pglite / *.postgres in their own pass.
 * Every other integration file (the features, the attack suite, HTTP edges, mail, OpenID Connect...) runs once: on
 * PostgreSQL when there is one (production's database, where the concurrency cases mean something; its server works
 * on the other core), on PGlite otherwise. The embedded database still carries every feature in CI: the browser tests
 * run the portal on PGlite, and every src/ test runs on it (docs/decisions/testing-and-ci.md).
 */
const BOTH_PASSES = ['auth', 'metrics', 'operations', 'search'].map((name) => `test/${name}.test.ts`);
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest would use one worker on a two-core machine; the server tests mostly wait on databases and child
    // processes, so more workers than cores fill that time (measured in docs/decisions/testing-and-ci.md, "Vitest on
    // four workers beside the browser tests"). Tests wait for conditions with generous limits, never for a time, so
    // a starved test is slower, not failed.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          // Pure functions, no module replaced: the files share one worker's modules instead of a process each.
          isolate: false,
          // Vitest's default of 5 s is a speed target: a limit for a hung test only.
          testTimeout: 180_000,
        },
      },
      ...webProjects,
      // *.postgres.test.ts start several server processes on one database: PostgreSQL only; *.pglite.test.ts the reverse.
      serverProject(
        'server-pglite',
        { TEST_DATABASE_URL: '' },
        postgres
          ? ['src/**/*.test.ts', ...BOTH_PASSES, 'test/**/*.pglite.test.ts']
          : ['src/**/*.test.ts', 'test/**/*.test.ts'],
        ['**/*.postgres.test.ts'],
      ),
      // The second pass: the database's own files again, and the one-pass files.
      ...(postgres
        ? [
            serverProject(
              'server-postgres',
              { TEST_DATABASE_URL: postgres },
              [
                'test/**/*.test.ts',
                // A list's plan test beside its query (modules/<area>/queries/*.plans.postgres.test.ts).
                'src/**/*.postgres.test.ts',
                'src/jobs/**/*.test.ts',
                'src/maintenance.test.ts',
                'src/lib/session-store.test.ts',
                'src/lib/rate-limit-store.test.ts',
                'src/lib/session-secret-check.test.ts',
              ],
              ['**/*.pglite.test.ts'],
            ),
          ]
        : []),
    ],
  },
});
