import { defineConfig } from 'vitest/config';

// Server tests run once on PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL server.
const serverProject = (name: string, env: Record<string, string>, include: string[], exclude: string[] = []) => ({
  test: {
    name,
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

export default defineConfig({
  test: {
    // Vitest would use one worker on a two-core machine; the server tests mostly wait on databases and child
    // processes, so two workers take a quarter off the run (10.4 to 7.8 minutes in CI).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      './web/vitest.config.ts',
      // *.postgres.test.ts start several server processes on one database: PostgreSQL only; *.pglite.test.ts the reverse.
      serverProject('server-pglite', { TEST_DATABASE_URL: '' }, ['src/**/*.test.ts', 'test/**/*.test.ts'], ['**/*.postgres.test.ts']),
      // The second run repeats only what touches the database.
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, ['test/**/*.test.ts', 'src/jobs/**/*.test.ts', 'src/lib/session-store.test.ts'], ['**/*.pglite.test.ts'])]
        : []),
    ],
  },
});
