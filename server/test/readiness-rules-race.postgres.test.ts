/**
 * Two administrators saving one partner's rules at the same moment: each save numbers its version after the one
 * before it, read under the partner's lock, so both are kept in turn instead of one failing on the version's index; each
 * answers with the version it wrote.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { partnerRuleSets } from '../src/db/schema.ts';
import { demoClients, startTestServer, type TestServer } from './harness.ts';
import { SAVE_READINESS_RULES as SAVE } from './support/readiness-rules.ts';

const PARTNER = 30443;

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
});
afterAll(() => server?.close());

describe('saving readiness rules at the same moment', () => {
  it('keeps every save, each as the next version', async () => {
    const versions = async () =>
      (
        await server.database.db
          .select({ version: partnerRuleSets.version })
          .from(partnerRuleSets)
          .where(eq(partnerRuleSets.partnerCompanyId, PARTNER))
      ).map((r) => r.version);
    const before = Math.max(0, ...(await versions()));
    const weights = [2, 3, 4, 5, 6, 7];
    const saves = await Promise.all(
      weights.map((n) => c.admin.graphql(SAVE, { p: PARTNER, rules: [minTwoImagesRule(n)] })),
    );
    expect(saves.map((s) => s.json.errors)).toEqual(saves.map(() => undefined));
    const saved = saves.map(
      (s) => (s.json.data as { saveReadinessRules: { version: number } }).saveReadinessRules.version,
    );
    expect([...saved].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((i) => before + i));
    expect((await versions()).filter((v) => v > before)).toHaveLength(6);
    // Each answer names the version that save wrote, not one saved just after it.
    const stored = await server.database.db
      .select({ version: partnerRuleSets.version, rules: partnerRuleSets.rules })
      .from(partnerRuleSets)
      .where(eq(partnerRuleSets.partnerCompanyId, PARTNER));
    const weightAt = new Map(stored.map((r) => [r.version, (r.rules as { weight: number }[])[0]?.weight]));
    expect(saved.map((v) => weightAt.get(v))).toEqual(weights);
  });
});
