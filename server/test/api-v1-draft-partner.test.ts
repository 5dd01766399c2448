/**
 * A draft made through a token names its partner (`partner_company_id`, a company with a partner configuration), and
 * the partner's rules then apply as on the co-branded pages: required fields at Submit, readiness, the submissions'
 * partner. Without one the draft has none, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_MSG, v1Draft, v1SubmitResult } from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let token: Client;
beforeAll(async () => {
  server = await startTestServer();
  const c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
});
afterAll(() => server?.close());

const PARTNER = 30443; // Fresh Market Grocers: a partner configuration whose rules want a product name
const photo = async (name: string, code: string) => ({ name, data: await barcodeImage(code), type: 'image/png' });
const create = async (fields: Record<string, string>, code = '036000291452') =>
  token.upload('/api/v1/drafts', [await photo('front.png', code)], 'files', fields);

describe(`REST API v1: a draft's partner (${databaseKind})`, () => {
  it("takes the partner as partner_company_id and applies its rules: readiness, required fields, the submissions' partner", async () => {
    const made = await create({ partner_company_id: String(PARTNER) });
    expect(made.status).toBe(201);
    const draft = v1Draft.parse(made.json);
    expect(draft.partner_company_id).toBe(PARTNER);
    const path = `/api/v1/drafts/${draft.id}/files/front.png`;
    expect((await token.request('PATCH', path, { upc: '036000291452' })).status).toBe(200);
    const read = v1Draft.parse((await token.get(`/api/v1/drafts/${draft.id}`)).json);
    expect(read.readiness.map((p) => p.upc)).toEqual(['036000291452']);
    // The partner wants a product name: Submit says so, as on its pages.
    const refused = await token.request('POST', `/api/v1/drafts/${draft.id}/submit`);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('DRAFT_INVALID');
    expect(Object.keys(refused.json.fields)).toContain('front.png.productName');
    // ...and a marketing image for each product.
    expect(Object.values(refused.json.fields)).toContain(
      'Please indicate which picture(s) we should use as the marketing image(s) for the product with upc 0036000291452',
    );
    const named = await token.request('PATCH', path, { product_name: 'Sparkling water 1 l', is_marketing_image: true });
    expect(named.status).toBe(200);
    const submitted = await token.request('POST', `/api/v1/drafts/${draft.id}/submit`);
    expect(submitted.status, submitted.text).toBe(201);
    const [s] = v1SubmitResult.parse(submitted.json).submissions;
    expect(s.partner_company_id).toBe(PARTNER);
    expect((await token.get(`/api/v1/submissions/${s.id}`)).json.partner_company_id).toBe(PARTNER);
  });

  it('without a partner the draft has none and no partner rule applies', async () => {
    const made = await create({}, '4006381333931');
    const draft = v1Draft.parse(made.json);
    expect(draft.partner_company_id).toBeNull();
    expect(
      (await token.request('PATCH', `/api/v1/drafts/${draft.id}/files/front.png`, { upc: '4006381333931' })).status,
    ).toBe(200);
    expect(v1Draft.parse((await token.get(`/api/v1/drafts/${draft.id}`)).json).readiness).toEqual([]);
    const submitted = await token.request('POST', `/api/v1/drafts/${draft.id}/submit`);
    expect(submitted.status).toBe(201);
    expect(v1SubmitResult.parse(submitted.json).submissions[0].partner_company_id).toBeNull();
  });

  it('refuses a company that is not a partner, and a value that is not a company id, with a 400 naming the field', async () => {
    for (const [value, message] of [
      ['1001', V1_MSG.partnerUnknown(1001)], // the supplier's own company
      ['30500', V1_MSG.partnerUnknown(30500)], // a partner company without a configuration yet
      ['999999', V1_MSG.partnerUnknown(999999)],
      ['fresh-market', V1_MSG.partnerNotAnId],
      ['0', V1_MSG.partnerNotAnId],
    ]) {
      const res = await create({ partner_company_id: value });
      expect(res.status, value).toBe(400);
      expect(res.json).toMatchObject({ code: 'PARTNER_UNKNOWN', fields: { partner_company_id: message } });
    }
  });
});
