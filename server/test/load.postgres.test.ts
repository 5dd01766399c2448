/**
 * The load benchmark's scenario at CI size: signed-in suppliers browse activity and submit drafts against a real
 * server on PostgreSQL, with no error. (`npm run bench -- load` runs it with 50 suppliers for 60 s.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveLoad } from '../../bench/load.ts';
import { seedActivity } from '../../bench/support/seed-activity.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  await seedActivity(server.database.db, { count: 2000, companies: 10 });
  server.ctx.jobs!.start(); // the worker side too: barcode reading and checks run while the load goes on
});
afterAll(() => server?.close());

describe('load (PostgreSQL, CI size)', () => {
  it('8 suppliers for 8 s: every request answered without error', async () => {
    const result = await driveLoad(server.url, { users: 8, seconds: 8 });
    console.log(
      `load: ${result.total.count} requests, ${result.total.errors} errors, p99 ${result.total.p99.toFixed(0)} ms`,
    );
    expect(result.firstErrors).toEqual([]);
    expect(result.total.errors).toBe(0);
    expect(result.operations.find((o) => o.operation === 'submit draft')?.count).toBeGreaterThan(0);
  });
});
