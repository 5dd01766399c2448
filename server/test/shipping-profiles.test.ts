import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gs1CheckDigit, SHIPPING_PROFILE_MSG } from '@portal/domain';
import {
  draftSubmissions,
  featureFlags,
  partnerConfigurations,
  productShippingProfiles,
  productSubmissions,
} from '../src/db/schema.ts';
import { plainImage } from './fixtures.ts';
import { Client, demoClients, databaseKind, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let supplier: Client;
let supplier2: Client;
let other: Client;
let admin: Client;
let viewer: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  ({ supplier, supplier2, other, admin, viewer, anonymous } = await demoClients(server));
});
afterAll(() => server?.close());

const ean = (body: string) => '0' + body + gs1CheckDigit(body);
const PROFILE = `id name companyId creatorId caseCount palletTiers palletLayers updatedDate updatedByFirstName updatedByLastName updatedByEmail
  grossWeight { value unit } netWeight { value unit } caseLength { value unit } caseWidth { value unit } caseHeight { value unit }
  associatedSubmissions { type count } can { edit }`;
const LIST = `query($a: Boolean, $c: Int) { getShippingProfileForCurrentUser(associatedSubmissions: $a, companyId: $c) { ${PROFILE} } }`;
const ONE = `query($id: Int!) { getShippingProfile(id: $id) { ${PROFILE} } }`;
const PRODUCTS = `query($id: Int!) { getShippingProfileProducts(shippingProfileId: $id) { upc name status associated } }`;
const CREATE = `mutation($input: ShippingProfileInput!, $companyId: Int) { createShippingProfile(input: $input, companyId: $companyId) { ${PROFILE} } }`;

const errorOf = (res: { json: any }) =>
  res.json.errors?.[0]?.extensions as { code: string; status: number; fields?: Record<string, string> } | undefined;
const input = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  caseCount: 12,
  grossWeight: { value: 20.5, unit: 'lbs' },
  netWeight: { value: 18.125, unit: 'lbs' },
  caseLength: { value: 12, unit: 'in' },
  caseWidth: { value: 300, unit: 'mm' },
  caseHeight: null,
  palletTiers: 10,
  palletLayers: 5,
  ...extra,
});
async function create(c: Client, name: string, extra: Record<string, unknown> = {}, companyId?: number) {
  const res = await c.graphql(CREATE, { input: input(name, extra), companyId });
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.createShippingProfile;
}

/** A supplier submits one product per UPC from a draft (plain photos: the checks leave them for staff). */
async function submitProducts(c: Client, items: { upc: string; name: string; shippingProfileId?: number }[]) {
  const files = await Promise.all(items.map(async (_, i) => ({ name: `f${i}.png`, data: await plainImage() })));
  const draft = (await c.upload('/api/draftSubmissions', files)).json;
  const saved = await c.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: draft.id,
      input: {
        files: items.map((it, i) => ({
          fileName: `f${i}.png`,
          upc: it.upc,
          productName: it.name,
          shippingProfileId: it.shippingProfileId ?? null,
        })),
      },
    },
  );
  if (saved.json.errors) throw new Error(JSON.stringify(saved.json.errors));
  return draft.id as string;
}
const submitDraft = (c: Client, id: string) =>
  c.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, { id });

describe(`shipping profiles (${databaseKind})`, () => {
  it('a supplier creates a profile for its company; the list, the one profile and who updated it', async () => {
    expect((await supplier.graphql(LIST, {})).json.data.getShippingProfileForCurrentUser).toEqual([]);
    const created = await create(supplier, '  Ambient case  ');
    expect(created).toMatchObject({
      name: 'Ambient case',
      companyId: 1001,
      caseCount: 12,
      grossWeight: { value: 20.5, unit: 'lbs' },
      netWeight: { value: 18.125, unit: 'lbs' },
      caseLength: { value: 12, unit: 'in' },
      caseWidth: { value: 300, unit: 'mm' },
      caseHeight: null,
      palletTiers: 10,
      palletLayers: 5,
      updatedByFirstName: 'Sam',
      updatedByLastName: 'Supplier',
      updatedByEmail: 'supplier@example.com',
      can: { edit: true },
    });
    // The other user of the company sees it; the other company does not.
    const list = (await supplier2.graphql(LIST, { a: true })).json.data.getShippingProfileForCurrentUser;
    expect(list.map((p: any) => p.name)).toEqual(['Ambient case']);
    expect((await other.graphql(LIST, {})).json.data.getShippingProfileForCurrentUser).toEqual([]);
    expect((await supplier.graphql(ONE, { id: created.id })).json.data.getShippingProfile.name).toBe('Ambient case');
  });

  it('a duplicate name (trimmed, any case) in the same company is 409 with the spec message; another company may use it', async () => {
    await create(supplier, 'Pallet A');
    const dup = await supplier.graphql(CREATE, { input: input(' pallet a ') });
    expect(errorOf(dup)).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(dup.json.errors[0].message).toBe(SHIPPING_PROFILE_MSG.duplicateName);
    expect((await create(other, 'Pallet A')).companyId).toBe(1002);

    const b = await create(supplier, 'Pallet B');
    const put = await supplier.put(`/api/shippingProfile/${b.id}`, input('PALLET A'));
    expect(put.status).toBe(409);
    expect(put.json).toMatchObject({ code: 'CONFLICT', message: 'Please choose a name not already in use.' });
    // Renaming a profile to its own name in another case is fine.
    const renamed = await supplier.put(
      `/api/shippingProfile/${b.id}`,
      input(' pallet b ', { caseCount: 24, grossWeight: null, palletTiers: null }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      id: b.id,
      name: 'pallet b',
      caseCount: 24,
      grossWeight: null,
      palletTiers: null,
      updatedByEmail: 'supplier@example.com',
    });
    expect(typeof renamed.json.updatedDate).toBe('string');
  });

  it('every validation rule answers with its field message, through GraphQL and REST', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(65) }, 'name', 'Must be 64 characters or less'],
      [{ caseCount: null }, 'caseCount', 'Case count is required'],
      [{ caseCount: 1.5 }, 'caseCount', 'Must be an integer'],
      [{ caseCount: 0 }, 'caseCount', 'Must be greater than 0'],
      [
        { grossWeight: { value: 1.2345, unit: 'kg' } },
        'grossWeight.value',
        'Must have no more than 3 digits after decimal',
      ],
      [{ caseHeight: { value: -1, unit: 'in' } }, 'caseHeight.value', SHIPPING_PROFILE_MSG.notNegative],
      [{ netWeight: { value: 4, unit: null } }, 'netWeight.unit', 'Unit is required'],
      [{ caseWidth: { value: 4, unit: 'kg' } }, 'caseWidth.unit', 'Choose in or mm'],
      [{ palletLayers: 2.5 }, 'palletLayers', 'Must be an integer'],
    ];
    const target = await create(supplier, 'Validated');
    for (const [extra, field, message] of cases) {
      const res = await supplier.graphql(CREATE, { input: input('Bad', extra) });
      expect(errorOf(res)?.code).toBe('VALIDATION_FAILED');
      expect(errorOf(res)?.fields?.[field], field).toBe(message);
      const put = await supplier.put(`/api/shippingProfile/${target.id}`, input('Bad', extra));
      expect(put.status).toBe(400);
      expect(put.json.fields[field]).toBe(message);
    }
    expect((await supplier.graphql(ONE, { id: target.id })).json.data.getShippingProfile.name).toBe('Validated');
  });

  it("another company's profile is 'not found' for a supplier, for every call; the signed-out are refused", async () => {
    const mine = await create(supplier, 'Private');
    const calls = [
      () => other.graphql(ONE, { id: mine.id }),
      () => other.graphql(PRODUCTS, { id: mine.id }),
      () => other.graphql(LIST, { c: 1001 }),
      () => other.graphql(CREATE, { input: input('Sneaky'), companyId: 1001 }),
    ];
    for (const call of calls) expect(errorOf(await call())?.code).toBe('NOT_FOUND');
    const put = await other.put(`/api/shippingProfile/${mine.id}`, input('Taken over'));
    expect(put.status).toBe(404);
    const assign = await other.post(`/api/shippingProfile/${mine.id}/products`, {});
    expect(assign.status).toBe(404);
    expect((await anonymous.put(`/api/shippingProfile/${mine.id}`, input('x'))).status).toBe(401);
    expect(errorOf(await anonymous.graphql(LIST, {}))?.code).toBe('UNAUTHORIZED');
    expect((await supplier.graphql(ONE, { id: mine.id })).json.data.getShippingProfile.name).toBe('Private');
  });

  it('an administrator picks any company and edits only with one selected; a read-only administrator only looks', async () => {
    expect((await admin.graphql(LIST, {})).json.data.getShippingProfileForCurrentUser).toEqual([]);
    const theirs = (await admin.graphql(LIST, { c: 1001 })).json.data.getShippingProfileForCurrentUser;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((p: any) => p.companyId === 1001 && p.can.edit)).toBe(true);
    const noCompany = await admin.graphql(CREATE, { input: input('Admin made') });
    expect(errorOf(noCompany)?.code).toBe('BAD_REQUEST');
    const made = await create(admin, 'Admin made', {}, 1002);
    expect(made).toMatchObject({ companyId: 1002, updatedByEmail: 'admin@example.com' });
    expect(
      (await other.graphql(LIST, {})).json.data.getShippingProfileForCurrentUser.map((p: any) => p.name),
    ).toContain('Admin made');
    expect((await admin.put(`/api/shippingProfile/${made.id}`, input('Admin renamed'))).status).toBe(200);

    const seen = (await viewer.graphql(LIST, { c: 1002 })).json.data.getShippingProfileForCurrentUser;
    expect(seen.every((p: any) => !p.can.edit)).toBe(true);
    expect(errorOf(await viewer.graphql(CREATE, { input: input('Viewer'), companyId: 1002 }))?.code).toBe('FORBIDDEN');
    expect((await viewer.put(`/api/shippingProfile/${made.id}`, input('Viewer'))).status).toBe(403);
  });

  it('assignments: the products with checkboxes, changes applied in one go, counts by status', async () => {
    const profile = await create(supplier, 'Assignable');
    const otherProfile = await create(supplier, 'Elsewhere');
    const codes = [ean('04100000001'), ean('04100000002'), ean('04100000003')];
    const draft = await submitProducts(
      supplier,
      codes.map((upc, i) => ({ upc, name: `Soup ${i + 1}` })),
    );
    expect(errorOf(await submitDraft(supplier, draft))).toBeUndefined();
    const before = (await supplier.graphql(PRODUCTS, { id: profile.id })).json.data.getShippingProfileProducts;
    // The demo's two catalogued products and the three new ones; none assigned yet.
    expect(before.map((p: any) => p.upc)).toEqual(expect.arrayContaining([...codes, '0001234567895']));
    expect(before.find((p: any) => p.upc === codes[0])).toEqual({
      upc: codes[0],
      name: 'Soup 1',
      status: 'SUBMITTED',
      associated: false,
    });
    expect(before.find((p: any) => p.upc === '0001234567895')).toMatchObject({
      name: 'Organic rolled oats',
      status: 'CATALOGUED',
    });

    const saved = await supplier.post(`/api/shippingProfile/${profile.id}/products`, {
      [codes[0]]: true,
      [codes[1]]: true,
      // A UPC-A spelling of the same product works too.
      '001234567895': true,
      [codes[2]]: false,
    });
    expect(saved.status).toBe(200);
    const ticked = saved.json
      .filter((p: any) => p.associated)
      .map((p: any) => p.upc)
      .sort();
    expect(ticked).toEqual([codes[0], codes[1], '0001234567895'].sort());
    // The catalogued product shows the profile; the submissions carry it.
    const product = (
      await supplier.graphql(`query { getCataloguedProduct(ean13Upc: "0001234567895") { shippingProfileId } }`)
    ).json.data;
    expect(product.getCataloguedProduct.shippingProfileId).toBe(profile.id);
    const rows = await server.database.db
      .select()
      .from(productSubmissions)
      .where(eq(productSubmissions.ean13Upc, codes[0]));
    expect(rows.every((r) => r.shippingProfileId === profile.id)).toBe(true);

    const counts = (await supplier.graphql(ONE, { id: profile.id })).json.data.getShippingProfile.associatedSubmissions;
    expect(counts).toEqual(
      expect.arrayContaining([
        { type: 'SUBMITTED', count: 2 },
        { type: 'CATALOGUED', count: 1 },
      ]),
    );

    // Moving a product to another profile takes it from this one; unticking here leaves other profiles alone.
    await supplier.post(`/api/shippingProfile/${otherProfile.id}/products`, { [codes[1]]: true });
    await supplier.post(`/api/shippingProfile/${profile.id}/products`, { [codes[1]]: false, [codes[0]]: false });
    const after = (await supplier.graphql(PRODUCTS, { id: profile.id })).json.data.getShippingProfileProducts;
    expect(after.filter((p: any) => p.associated).map((p: any) => p.upc)).toEqual(['0001234567895']);
    // The product in the other profile says which one it is in (issue 17 item 16); the others name none.
    const inOther = (
      await supplier.graphql(
        `query($id: Int!) { getShippingProfileProducts(shippingProfileId: $id) { upc otherProfileName } }`,
        { id: profile.id },
      )
    ).json.data.getShippingProfileProducts;
    expect(inOther.find((p: any) => p.upc === codes[1]).otherProfileName).toBe('Elsewhere');
    expect(inOther.filter((p: any) => p.otherProfileName !== null).map((p: any) => p.upc)).toEqual([codes[1]]);
    const assigned = await server.database.db
      .select()
      .from(productShippingProfiles)
      .where(eq(productShippingProfiles.ean13Upc, codes[1]));
    expect(assigned.map((a) => a.shippingProfileId)).toEqual([otherProfile.id]);

    // A UPC the company never submitted, or a bad map: nothing is applied.
    const unknown = await supplier.post(`/api/shippingProfile/${profile.id}/products`, {
      [codes[0]]: true,
      [ean('04199999999')]: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields[ean('04199999999')]).toMatch(/no product with UPC/);
    expect((await supplier.post(`/api/shippingProfile/${profile.id}/products`, { [codes[0]]: 'yes' })).status).toBe(
      400,
    );
    expect(
      (await supplier.graphql(PRODUCTS, { id: profile.id })).json.data.getShippingProfileProducts.find(
        (p: any) => p.upc === codes[0],
      ).associated,
    ).toBe(false);
    // A read-only administrator may look but not assign.
    expect((await viewer.graphql(PRODUCTS, { id: profile.id })).json.data.getShippingProfileProducts.length).toBe(
      after.length,
    );
    expect((await viewer.post(`/api/shippingProfile/${profile.id}/products`, { [codes[0]]: true })).status).toBe(403);
  });

  it("intake: only the company's profiles can be chosen, the choice becomes the product's, and a partner's required rule is enforced on submit", async () => {
    const mine = await create(supplier, 'Intake');
    const theirs = await create(other, 'Not yours');
    const code = ean('04200000001');
    const draft = await submitProducts(supplier, [{ upc: code, name: 'Crackers' }]);
    const foreign = await supplier.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      {
        id: draft,
        input: { files: [{ fileName: 'f0.png', shippingProfileId: theirs.id }] },
      },
    );
    expect(errorOf(foreign)?.code).toBe('NOT_FOUND');

    // The partner asks for a shipping profile.
    await server.database.db
      .update(partnerConfigurations)
      .set({ fieldRules: { shippingProfile: { required: true } } })
      .where(eq(partnerConfigurations.companyId, 30443));
    await server.database.db
      .update(draftSubmissions)
      .set({ partnerCompanyId: 30443 })
      .where(eq(draftSubmissions.id, draft));
    // With a partner a marketing image is needed too; mark it so only the shipping rule remains.
    await supplier.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      {
        id: draft,
        input: { files: [{ fileName: 'f0.png', isMarketingImage: true }] },
      },
    );
    const refused = await submitDraft(supplier, draft);
    expect(errorOf(refused)?.code).toBe('DRAFT_INVALID');
    expect(refused.json.errors[0].message).toBe(`Please add a shipping profile for the product with upc ${code}`);

    await supplier.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      {
        id: draft,
        input: { files: [{ fileName: 'f0.png', shippingProfileId: mine.id }] },
      },
    );
    const counts = (await supplier.graphql(ONE, { id: mine.id })).json.data.getShippingProfile.associatedSubmissions;
    expect(counts).toEqual([{ type: 'IN_PROGRESS', count: 1 }]);
    const ok = await submitDraft(supplier, draft);
    expect(errorOf(ok)).toBeUndefined();
    const products = (await supplier.graphql(PRODUCTS, { id: mine.id })).json.data.getShippingProfileProducts;
    expect(products.find((p: any) => p.upc === code)).toMatchObject({ name: 'Crackers', associated: true });
    await server.database.db
      .update(partnerConfigurations)
      .set({ fieldRules: { productName: { required: true }, shippingProfile: { required: false } } })
      .where(eq(partnerConfigurations.companyId, 30443));
  });

  it('needs the SHIPPING_PROFILE feature', async () => {
    await server.database.db
      .update(featureFlags)
      .set({ enabled: false })
      .where(eq(featureFlags.name, 'SHIPPING_PROFILE'));
    try {
      expect(errorOf(await supplier.graphql(LIST, {}))?.code).toBe('NOT_FOUND');
      expect((await supplier.put('/api/shippingProfile/1', input('x'))).status).toBe(404);
    } finally {
      await server.database.db
        .update(featureFlags)
        .set({ enabled: true })
        .where(eq(featureFlags.name, 'SHIPPING_PROFILE'));
    }
  });
});
