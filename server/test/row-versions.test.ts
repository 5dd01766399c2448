/**
 * Versions from the database: a submission's `updated_at` and ETag move whenever its integration API representation
 * does, whichever code path changed it (the automated checks reading its codes, a readiness recompute after a rule
 * change moving its readiness and partner statuses), and `updated_since` finds it; If-Match holds to the new version.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_FIELDS } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { partnerConfigurations, users } from '../src/db/schema.ts';
import { createSubmissions } from '../src/modules/submissions/lifecycle.ts';
import { barcodeImage } from './fixtures.ts';
import { databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

const PARTNER = 30443;
const CODE = '036000291452';
const SAVE = `mutation($p: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $p, rules: $rules) { version } }`;

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let id: string;

beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
  const { db } = server.database;
  // The partner asks for nothing of its own fields: its readiness rules alone decide.
  await db
    .update(partnerConfigurations)
    .set({ fieldRules: Object.fromEntries(PARTNER_FIELDS.map((f) => [f, { required: false }])) })
    .where(eq(partnerConfigurations.companyId, PARTNER));
  await c.admin.graphql(SAVE, { p: PARTNER, rules: [] });
  await server.ctx.jobs!.drain();
  const [u] = await db.select().from(users).where(eq(users.email, 'supplier@example.com'));
  await server.ctx.storage.put('test/versions/front.png', Readable.from([await barcodeImage(CODE)]));
  [{ id }] = await db.transaction((tx) =>
    createSubmissions(
      tx,
      [
        {
          companyId: u.companyId,
          userId: u.id,
          partnerCompanyId: PARTNER,
          upc: CODE,
          ean13Upc: `0${CODE}`,
          productName: 'Oat Crisps',
          files: [
            {
              fileName: 'front.png',
              storageKey: 'test/versions/front.png',
              kind: 'png',
              size: 100,
              isMarketingImage: true,
              detectionStatus: 'pending',
            },
          ],
          from: null,
        },
      ],
      { actor: 'supplier', userId: u.id },
    ),
  );
});
afterAll(() => server?.close());

/** The submission as the integration API answers it, with its ETag. */
async function read() {
  const answer = await c.supplier.get(`/api/v1/submissions/${id}`);
  expect(answer.status).toBe(200);
  return { etag: String(answer.headers.get('etag')), body: answer.json as Record<string, any> };
}

/** Whether the list of submissions changed at or after `since` holds it. */
async function listedSince(since: string) {
  const page = await c.supplier.get(`/api/v1/submissions?updated_since=${encodeURIComponent(since)}&limit=100`);
  expect(page.status).toBe(200);
  return (page.json.items as { id: string }[]).some((i) => i.id === id);
}

describe(`row versions and updated_at from the database (${databaseKind})`, () => {
  it('the automated checks reading the codes off the image move updated_at and the ETag; updated_since finds it', async () => {
    const before = await read();
    expect(before.body.files[0].detected_upcs).toEqual([]);
    await server.ctx.jobs!.drain(); // the automated checks: thumbnail, codes, photo checks
    const after = await read();
    expect(after.body.files[0].detected_upcs).toContain(`0${CODE}`);
    expect(after.etag).not.toBe(before.etag);
    expect(Date.parse(after.body.updated_at)).toBeGreaterThan(Date.parse(before.body.updated_at));
    // The time just after the first read: only a change since then is listed.
    const since = new Date(Date.parse(before.body.updated_at) + 1).toISOString();
    expect(await listedSince(since)).toBe(true);
  });

  it('a readiness rule saved moves readiness by the background recompute, and the version with it', async () => {
    const before = await read();
    expect(before.body.readiness).toMatchObject({ ready: true });
    const since = new Date(Date.parse(before.body.updated_at) + 1).toISOString();
    expect(await listedSince(since)).toBe(false);
    await c.admin.graphql(SAVE, { p: PARTNER, rules: [minTwoImagesRule(2)] });
    await server.ctx.jobs!.drain(); // the recompute of the partner's submissions
    const after = await read();
    expect(after.body.readiness).toMatchObject({ ready: false });
    expect(after.etag).not.toBe(before.etag);
    expect(Date.parse(after.body.updated_at)).toBeGreaterThan(Date.parse(before.body.updated_at));
    expect(await listedSince(since)).toBe(true);
  });

  it('a field the partner now requires moves the partner statuses by the background recompute, and the version with them', async () => {
    const before = await read();
    const since = new Date(Date.parse(before.body.updated_at) + 1).toISOString();
    const configs = (await c.admin.graphql(`query { getPartnerConfigurations { id companyId } }`)).json.data
      .getPartnerConfigurations as { id: number; companyId: number }[];
    const saved = await c.admin.graphql(
      `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { id } }`,
      {
        id: configs.find((cfg) => cfg.companyId === PARTNER)!.id,
        input: {
          primaryColor: '#123456',
          landingPageEnabled: true,
          fieldRules: [{ field: 'msrp', visible: true, required: true }],
        },
      },
    );
    expect(saved.json.errors).toBeUndefined();
    await server.ctx.jobs!.drain(); // the recompute of the partner's submissions
    const after = await read();
    expect(after.body.partner_statuses).not.toEqual(before.body.partner_statuses);
    expect(after.etag).not.toBe(before.etag);
    expect(Date.parse(after.body.updated_at)).toBeGreaterThan(Date.parse(before.body.updated_at));
    expect(await listedSince(since)).toBe(true);
  });

  it('If-Match holds to the version: an old ETag is refused with 412, the current one applies, and the answer carries the next', async () => {
    const current = await read();
    const decide = (etag: string) =>
      c.admin.request(
        'POST',
        `/api/v1/submissions/${id}/decision`,
        { status: 'ACCEPTED' },
        { headers: { 'if-match': etag } },
      );
    const stale = await decide('"submission-v1"');
    expect(stale.status).toBe(412);
    const decided = await decide(current.etag);
    expect(decided.status).toBe(200);
    const now = await read();
    expect(now.body.status).toBe('ACCEPTED');
    expect(decided.headers.get('etag')).toBe(now.etag);
    expect(now.etag).not.toBe(current.etag);
  });
});
