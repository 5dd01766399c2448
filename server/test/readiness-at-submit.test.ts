/**
 * Readiness that informs, with the demo partner's own settings (Fresh Market Grocers, 30443: every bulk-edit column
 * required): the supplier's score counts only the rules that apply at submit, so a product scores the same on Enter
 * UPC(s) and once submitted, "not ready" lists only what fails such a rule, and staff's bulk-edit work shows in the
 * partner statuses. The dry run of a blocking "at least 2 images" rule counts per rule the submissions failing it,
 * those it makes not ready and the open drafts it would refuse at Submit; once saved, Submit refuses a one-photo
 * draft with the rule's message.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownRulesInputSchema, READINESS_MSG } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { partnerRuleSets, productSubmissions } from '../src/db/schema.ts';
import { readinessCondition } from '../src/modules/readiness/queries/filter.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { SAVE_READINESS_RULES as SAVE } from './support/readiness-rules.ts';

const PARTNER = 30443;
const MIN_2 = minTwoImagesRule(2);
const DRAFT_READINESS = `query($id: ID!) { getDraftSubmission(id: $id) { readiness { upc readiness { percent ready failing { code } } } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`;
const SUBMIT = `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`;
const SUBMISSION = `query($id: ID!) { getProductSubmission(id: $id) { readiness { percent ready failing { code } } partnerStatuses { type message } } }`;
const DRY_RUN = `query($p: Int!, $rules: [ReadinessRuleInput!]!) {
  dryRunReadinessRules(partnerCompanyId: $p, rules: $rules) {
    judged becomesNotReady openDrafts draftsBlocked draftsNewlyBlocked
    rules { code failing becomesNotReady becomesReady draftsBlocked } } }`;

let server: TestServer;
let supplier: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  [supplier, admin] = [new Client(server.url), new Client(server.url)];
  // Through Fresh Market Grocers' portal: the drafts go to that partner, with the demo's settings as seeded.
  const res = await supplier.post(
    '/api/auth/login',
    { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: String(PARTNER) },
    { form: true },
  );
  expect(res.status).toBe(200);
  await admin.login('admin@example.com', 'Admin-demo-1');
});
afterAll(() => server?.close());

/** A draft of one photo per UPC, named and ticked as the marketing image; its media jobs run. */
async function draftOf(upcs: string[]) {
  const files = await Promise.all(upcs.map(async (upc) => ({ name: `${upc}.png`, data: await barcodeImage(upc) })));
  const draft = (await supplier.upload('/api/draftSubmissions', files)).json;
  await server.ctx.jobs!.drain();
  const input = {
    files: upcs.map((upc) => ({ fileName: `${upc}.png`, upc, productName: 'Oat bar', isMarketingImage: true })),
  };
  expect((await supplier.graphql(UPDATE, { id: draft.id, input })).json.errors).toBeUndefined();
  return draft.id as string;
}

describe(`readiness at submit and after submit (${databaseKind})`, () => {
  let submittedIds: string[] = [];

  it("the same product scores the same on Enter UPC(s) and once submitted; staff's bulk-edit fields are not in it", async () => {
    const id = await draftOf(['8711000530122', '8711000530139']);
    const live = (await supplier.graphql(DRAFT_READINESS, { id })).json.data.getDraftSubmission.readiness;
    expect(live.map((p: { readiness: object }) => p.readiness)).toEqual([
      { percent: 100, ready: true, failing: [] },
      { percent: 100, ready: true, failing: [] },
    ]);
    const submitted = await supplier.graphql(SUBMIT, { id });
    expect(submitted.json.errors).toBeUndefined();
    submittedIds = submitted.json.data.submitProductsFromDraftSubmission.map((s: { id: string }) => s.id);
    expect(submittedIds).toHaveLength(2);
    for (const sid of submittedIds) {
      const s = (await supplier.graphql(SUBMISSION, { id: sid })).json.data.getProductSubmission;
      expect(s.readiness).toEqual({ percent: 100, ready: true, failing: [] });
      // Staff's work is still to do, and says so to staff in the partner statuses (the bulk edit's fields).
      expect(s.partnerStatuses.filter((p: { type: string }) => p.type === 'Fail').length).toBeGreaterThanOrEqual(17);
    }
    // "Not ready only" finds neither.
    const notReady = await server.database.db
      .select({ id: productSubmissions.id })
      .from(productSubmissions)
      .where(readinessCondition({ notReady: true }));
    expect(notReady.map((r) => r.id)).not.toContain(submittedIds[0]);
    const [row] = await server.database.db
      .select({ codes: productSubmissions.readinessFailingCodes })
      .from(productSubmissions)
      .where(eq(productSubmissions.id, submittedIds[0]));
    expect(row.codes).toEqual([]);
  });

  it('the dry run of a blocking "at least 2 images" rule counts who fails it, who becomes not ready, the drafts it stops', async () => {
    await draftOf(['8711000530146']); // an open one-photo draft
    const res = await admin.graphql(DRY_RUN, { p: PARTNER, rules: [MIN_2] });
    expect(res.json.errors).toBeUndefined();
    const run = res.json.data.dryRunReadinessRules;
    // The two one-photo submissions (and the demo's catalogued ones, which have no files, if they go to the partner).
    expect(run.becomesNotReady).toBeGreaterThanOrEqual(2);
    const rule = run.rules.find((r: { code: string }) => r.code === 'R-IMG-MIN-2');
    expect(rule.failing).toBe(run.becomesNotReady);
    expect(rule.becomesNotReady).toBe(run.becomesNotReady);
    expect(run.openDrafts).toBeGreaterThanOrEqual(1);
    expect(run.draftsBlocked).toBe(run.openDrafts);
    expect(run.draftsNewlyBlocked).toBe(run.openDrafts);
    expect(rule.draftsBlocked).toBe(run.openDrafts);
    // Nothing else moves: the bulk-edit fields the settings require are not listed (staff's, unchanged).
    expect(run.rules.map((r: { code: string }) => r.code)).toEqual(['R-IMG-MIN-2']);

    // A rule of the partner's own on a bulk-edit field applies after submit: counted as failing, it stops no one.
    const size = { ...MIN_2, code: 'R-SIZE', kind: 'field-present', field: 'size', severity: 'warning', min: null };
    const withSize = (await admin.graphql(DRY_RUN, { p: PARTNER, rules: [size] })).json.data.dryRunReadinessRules;
    expect(withSize.rules).toEqual([
      { code: 'R-SIZE', failing: run.becomesNotReady, becomesNotReady: 0, becomesReady: 0, draftsBlocked: 0 },
    ]);
    expect(withSize.draftsBlocked).toBe(0);
  });

  it("once saved, Submit refuses a one-photo draft with the rule's message, and the submissions become not ready", async () => {
    expect((await admin.graphql(SAVE, { p: PARTNER, rules: [MIN_2] })).json.errors).toBeUndefined();
    await server.ctx.jobs!.drain();
    const id = await draftOf(['8711000530153']);
    const refused = await supplier.graphql(SUBMIT, { id });
    expect(refused.json.errors[0].extensions.code).toBe('READINESS_BLOCKS');
    expect(refused.json.errors[0].message).toBe(
      READINESS_MSG.blocksSubmit('8711000530153', [{ code: MIN_2.code, message: MIN_2.message, fix: MIN_2.fix }]),
    );
    const s = (await supplier.graphql(SUBMISSION, { id: submittedIds[0] })).json.data.getProductSubmission;
    expect(s.readiness).toEqual({ percent: 60, ready: false, failing: [{ code: 'R-IMG-MIN-2' }] });
  });

  it('the migration makes every stored rule say when it applies: bulk-edit fields after submit, the rest at submit', async () => {
    const { db } = server.database;
    const stored = [
      { ...MIN_2, code: 'R-OLD-ATTR', kind: 'field-present', field: 'size', stage: 'attribute', min: undefined },
      { ...MIN_2, code: 'R-OLD-BRAND', kind: 'field-present', field: 'companyName', min: undefined },
      { ...MIN_2, code: 'R-OLD-NAME', kind: 'field-present', field: 'productName', stage: 'intake', min: undefined },
      { ...MIN_2, code: 'R-OLD-SIZE', kind: 'field-present', field: 'size', stage: 'intake', min: undefined },
      MIN_2,
    ];
    const [{ id }] = await db
      .insert(partnerRuleSets)
      .values({ partnerCompanyId: PARTNER, version: 1000, rules: stored })
      .returning({ id: partnerRuleSets.id });
    const migration = readFileSync(new URL('../drizzle/0042_readiness_applies_at.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.split('--> statement-breakpoint')[0]));
    const [row] = await db.select().from(partnerRuleSets).where(eq(partnerRuleSets.id, id));
    expect(
      (row.rules as { code: string; appliesAt: string; stage?: string }[]).map((r) => [r.code, r.appliesAt, r.stage]),
    ).toEqual([
      ['R-OLD-ATTR', 'after-submit', undefined],
      ['R-OLD-BRAND', 'after-submit', undefined],
      ['R-OLD-NAME', 'submit', undefined],
      ['R-OLD-SIZE', 'after-submit', undefined],
      ['R-IMG-MIN-2', 'submit', undefined],
    ]);
    // The stored rules parse again (a rule that does not is left out of the partner's rules).
    expect(ownRulesInputSchema.safeParse(row.rules).success).toBe(true);
    await db.delete(partnerRuleSets).where(eq(partnerRuleSets.id, id));
  });
});
