import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_FIELDS, PARTNER_SETTINGS_MSG } from '@portal/domain';
import { plainImage } from './fixtures.ts';
import { Client, databaseKind, send, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let admin: Client;
let supplier: Client;
let viewer: Client;
let anonymous: Client;
beforeAll(async () => {
  server = await startTestServer();
  [admin, supplier, viewer, anonymous] = [
    new Client(server.url),
    new Client(server.url),
    new Client(server.url),
    new Client(server.url),
  ];
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

const CONFIG_FIELDS = `id companyId companyName partnerLogoFileName primaryColor secondaryColor landingPageEnabled
  fieldRules { field visible required } placementFieldsVisible pricingFieldsVisible promotionFieldsVisible updatedDate`;
const LIST = `query { getPartnerConfigurations { ${CONFIG_FIELDS} } }`;
const ONE = `query($id: Int!) { getPartnerConfiguration(partnerConfigurationId: $id) { ${CONFIG_FIELDS} } }`;
const CREATE = `mutation($companyId: Int!) { createPartnerConfiguration(companyId: $companyId) { ${CONFIG_FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { ${CONFIG_FIELDS} } }`;
const SEARCH = `query($name: String!) { searchCompaniesByName(name: $name) { id name } }`;
const COMPANY = `query($id: Int!) { getCompany(companyId: $id) { id name } }`;

const errorCode = (res: { json: any }) => res.json.errors?.[0]?.extensions?.code;
const seededId = async () =>
  (await admin.graphql(LIST)).json.data.getPartnerConfigurations.find((c: any) => c.companyId === 30443).id as number;
const validInput = { primaryColor: '#123456', secondaryColor: '#abc', landingPageEnabled: false };

describe(`partner configurations (${databaseKind})`, () => {
  it('every settings call is refused to suppliers and viewers, and to the signed-out', async () => {
    const id = await seededId();
    const calls: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [ONE, { id }],
      [SEARCH, { name: 'a' }],
      [CREATE, { companyId: 1002 }],
      [UPDATE, { id, input: validInput }],
    ];
    for (const c of [supplier, viewer]) {
      // The read-only administrator may search company names (the shipping-profile and webhook pages' pickers).
      for (const [q, v] of calls.filter(([q]) => c === supplier || q !== SEARCH))
        expect(errorCode(await c.graphql(q, v)), q).toBe('FORBIDDEN');
      const logo = await c.upload(
        `/api/partner-configurations/${id}/logo`,
        [{ name: 'logo.png', data: await plainImage() }],
        'file',
      );
      expect(logo.status).toBe(403);
      expect(logo.json.code).toBe('FORBIDDEN');
    }
    for (const [q, v] of calls) expect(errorCode(await anonymous.graphql(q, v))).toBe('UNAUTHORIZED');
    // getCompany also serves the brand profile (issue 8): a supplier reads its own company only, another is 'not found'.
    expect((await supplier.graphql(COMPANY, { id: 1001 })).json.data.getCompany).toEqual({
      id: 1001,
      name: 'Green Valley Foods',
    });
    expect(errorCode(await supplier.graphql(COMPANY, { id: 1002 }))).toBe('NOT_FOUND');
    expect(errorCode(await anonymous.graphql(COMPANY, { id: 1001 }))).toBe('UNAUTHORIZED');
    expect(
      (
        await anonymous.upload(
          `/api/partner-configurations/${id}/logo`,
          [{ name: 'logo.png', data: await plainImage() }],
          'file',
        )
      ).status,
    ).toBe(401);
    // Nothing was created or changed.
    const list = (await admin.graphql(LIST)).json.data.getPartnerConfigurations;
    expect(list.map((c: any) => c.companyId)).toEqual([30443]);
    expect(list[0].primaryColor).toBe('#2e7d32');
  });

  it('reads a configuration with every field rule, defaults applied', async () => {
    const id = await seededId();
    const res = await admin.graphql(ONE, { id });
    const config = res.json.data.getPartnerConfiguration;
    expect(config).toMatchObject({
      companyId: 30443,
      companyName: 'FRESH MARKET GROCERS',
      primaryColor: '#2e7d32',
      secondaryColor: '#fbc02d',
      landingPageEnabled: true,
      placementFieldsVisible: true,
    });
    expect(config.fieldRules.map((r: any) => r.field)).toEqual(PARTNER_FIELDS);
    expect(config.fieldRules.find((r: any) => r.field === 'shippingProfile')).toEqual({
      field: 'shippingProfile',
      visible: true,
      required: false,
    });
    expect(config.fieldRules.find((r: any) => r.field === 'msrp')).toEqual({
      field: 'msrp',
      visible: true,
      required: true,
    });
    expect(errorCode(await admin.graphql(ONE, { id: 999999 }))).toBe('NOT_FOUND');
  });

  it('creates a configuration (landing page on, default colour, newest first); a second one or an unknown company is refused', async () => {
    const res = await admin.graphql(CREATE, { companyId: 1002 });
    const created = res.json.data.createPartnerConfiguration;
    expect(created).toMatchObject({
      companyId: 1002,
      companyName: 'Blue Harbor Snacks',
      landingPageEnabled: true,
      primaryColor: '#1f5f8b',
      secondaryColor: null,
      partnerLogoFileName: null,
    });
    const list = (await admin.graphql(LIST)).json.data.getPartnerConfigurations;
    expect(list[0].id).toBe(created.id);
    expect(errorCode(await admin.graphql(CREATE, { companyId: 1002 }))).toBe('CONFLICT');
    expect(errorCode(await admin.graphql(CREATE, { companyId: 424242 }))).toBe('NOT_FOUND');
  });

  it('updates colours, landing page, field rules and section flags', async () => {
    const id = await seededId();
    const res = await admin.graphql(UPDATE, {
      id,
      input: {
        ...validInput,
        fieldRules: [
          { field: 'msrp', visible: true, required: false },
          { field: 'currentlySellingAt', visible: false },
          { field: 'productName', required: false },
        ],
        pricingFieldsVisible: false,
      },
    });
    expect(res.json.errors).toBeUndefined();
    const config = res.json.data.updatePartnerConfiguration;
    expect(config).toMatchObject({
      primaryColor: '#123456',
      secondaryColor: '#abc',
      landingPageEnabled: false,
      pricingFieldsVisible: false,
      placementFieldsVisible: true,
    });
    expect(config.fieldRules.find((r: any) => r.field === 'msrp')).toEqual({
      field: 'msrp',
      visible: true,
      required: false,
    });
    expect(config.fieldRules.find((r: any) => r.field === 'currentlySellingAt').visible).toBe(false);
    // The public answer keeps its fields and reflects the change.
    const pub = await anonymous.get('/api/companies/30443/partner-configuration');
    expect(pub.status).toBe(200);
    expect(pub.json).toMatchObject({
      id,
      companyId: 30443,
      companyName: 'FRESH MARKET GROCERS',
      primaryColor: '#123456',
      secondaryColor: '#abc',
      landingPageEnabled: false,
      productNameFieldRequired: false,
    });
    expect(pub.json).toHaveProperty('partnerLogoFileName');
    // Clearing the secondary colour.
    const cleared = await admin.graphql(UPDATE, {
      id,
      input: { primaryColor: '#2e7d32', secondaryColor: null, landingPageEnabled: true },
    });
    expect(cleared.json.data.updatePartnerConfiguration.secondaryColor).toBeNull();
    // Rules not sent stay as they were.
    expect(cleared.json.data.updatePartnerConfiguration.pricingFieldsVisible).toBe(false);
    expect(errorCode(await admin.graphql(UPDATE, { id: 999999, input: validInput }))).toBe('NOT_FOUND');
  });

  it('a field that is not visible is not required, however the rules are sent', async () => {
    const id = await seededId();
    const res = await admin.graphql(UPDATE, {
      id,
      input: {
        ...validInput,
        fieldRules: [
          { field: 'msrp', visible: false, required: true },
          { field: 'tpr', visible: false },
        ],
      },
    });
    expect(res.json.errors).toBeUndefined();
    const rules = res.json.data.updatePartnerConfiguration.fieldRules;
    expect(rules.find((r: any) => r.field === 'msrp')).toEqual({ field: 'msrp', visible: false, required: false });
    expect(rules.find((r: any) => r.field === 'tpr')).toEqual({ field: 'tpr', visible: false, required: false });
  });

  it('a save made from a configuration someone else saved since is refused, and theirs stays', async () => {
    const id = await seededId();
    const loaded = (await admin.graphql(ONE, { id })).json.data.getPartnerConfiguration;
    // Tab A saves first, from what it loaded.
    const first = await admin.graphql(UPDATE, {
      id,
      input: {
        primaryColor: '#123456',
        secondaryColor: '#fbc02d',
        landingPageEnabled: true,
        lastUpdatedDate: loaded.updatedDate,
      },
    });
    expect(first.json.errors).toBeUndefined();
    const saved = first.json.data.updatePartnerConfiguration;
    expect(Date.parse(saved.updatedDate)).toBeGreaterThan(Date.parse(loaded.updatedDate));
    // Tab B, still showing what it loaded before, saves a change of its own.
    const stale = await admin.graphql(UPDATE, {
      id,
      input: {
        primaryColor: '#2e7d32',
        secondaryColor: '#fbc02d',
        landingPageEnabled: false,
        lastUpdatedDate: loaded.updatedDate,
      },
    });
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(stale.json.errors[0].message).toBe(PARTNER_SETTINGS_MSG.changedMeanwhile);
    const now = (await admin.graphql(ONE, { id })).json.data.getPartnerConfiguration;
    expect(now).toMatchObject({ primaryColor: '#123456', landingPageEnabled: true, updatedDate: saved.updatedDate });
    // From the configuration as it is now, the change goes through.
    const again = await admin.graphql(UPDATE, {
      id,
      input: {
        primaryColor: '#2e7d32',
        secondaryColor: '#fbc02d',
        landingPageEnabled: true,
        lastUpdatedDate: now.updatedDate,
      },
    });
    expect(again.json.data.updatePartnerConfiguration.primaryColor).toBe('#2e7d32');
    expect(errorCode(await admin.graphql(UPDATE, { id, input: { ...validInput, lastUpdatedDate: 'yesterday' } }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('REST: a configuration carries an ETag; a change or logo sent with a stale If-Match gets 412 and nothing changes', async () => {
    const id = await seededId();
    const read = await admin.get(`/api/partner-configurations/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id, companyId: 30443 });
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^"partner-configuration-.+"$/);
    const change = (primaryColor: string, ifMatch?: string) =>
      admin.request(
        'PUT',
        `/api/partner-configurations/${id}`,
        { primaryColor, landingPageEnabled: true },
        { headers: ifMatch ? { 'if-match': ifMatch } : {} },
      );
    // Two administrators save from the same version at once: one wins, the other is told to read it again.
    const [a, b] = await Promise.all([change('#111111', etag), change('#222222', etag)]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.json).toMatchObject({ code: 'PRECONDITION_FAILED', status: 412 });
    expect(lost.headers.get('content-type')).toContain('application/problem+json');
    const now = await admin.get(`/api/partner-configurations/${id}`);
    expect(now.json.primaryColor).toBe(won.json.primaryColor);
    expect(now.headers.get('etag')).toBe(won.headers.get('etag'));
    expect(now.headers.get('etag')).not.toBe(etag);
    // The logo too: a stale If-Match stores nothing; the current one goes through.
    const png = await plainImage();
    const staleLogo = await admin.upload(
      `/api/partner-configurations/${id}/logo`,
      [{ name: 'stale.png', data: png, type: 'image/png' }],
      'file',
      {},
      { 'if-match': etag },
    );
    expect(staleLogo.status).toBe(412);
    expect((await admin.get(`/api/partner-configurations/${id}`)).json.partnerLogoFileName).not.toBe('stale.png');
    const logo = await admin.upload(
      `/api/partner-configurations/${id}/logo`,
      [{ name: 'current.png', data: png, type: 'image/png' }],
      'file',
      {},
      { 'if-match': now.headers.get('etag')! },
    );
    expect(logo.status).toBe(200);
    expect(logo.json.partnerLogoFileName).toBe('current.png');
    // Without If-Match the change applies (as GraphQL's); a supplier and a viewer may not change it.
    expect((await change('#123456')).status).toBe(200);
    expect((await supplier.request('PUT', `/api/partner-configurations/${id}`, validInput)).status).toBe(403);
    expect((await viewer.request('PUT', `/api/partner-configurations/${id}`, validInput)).status).toBe(403);
    expect((await supplier.get(`/api/partner-configurations/${id}`)).status).toBe(403);
    expect((await admin.get('/api/partner-configurations/999999')).status).toBe(404);
  });

  it('refuses colours that are not hex and unknown field names', async () => {
    const id = await seededId();
    for (const bad of ['red', '#fff;background:url(x)', '', '#12345']) {
      expect(errorCode(await admin.graphql(UPDATE, { id, input: { ...validInput, primaryColor: bad } })), bad).toBe(
        'VALIDATION_FAILED',
      );
      expect(errorCode(await admin.graphql(UPDATE, { id, input: { ...validInput, secondaryColor: bad } })), bad).toBe(
        'VALIDATION_FAILED',
      );
    }
    expect(
      errorCode(
        await admin.graphql(UPDATE, { id, input: { ...validInput, fieldRules: [{ field: 'style', visible: true }] } }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      errorCode(
        await admin.graphql(UPDATE, {
          id,
          input: { ...validInput, fieldRules: [{ field: 'productName', visible: false }] },
        }),
      ),
    ).toBe('VALIDATION_FAILED');
    expect(
      errorCode(
        await admin.graphql(UPDATE, {
          id,
          input: { ...validInput, fieldRules: [{ field: 'msrp' }, { field: 'msrp' }] },
        }),
      ),
    ).toBe('BAD_REQUEST');
    const after = (await admin.graphql(ONE, { id })).json.data.getPartnerConfiguration;
    expect(after.primaryColor).toMatch(/^#[0-9a-f]+$/i);
  });

  it('uploads a PNG logo and serves it publicly; a text file named logo.png is refused', async () => {
    const id = await seededId();
    const png = await plainImage();
    const res = await admin.upload(
      `/api/partner-configurations/${id}/logo`,
      [{ name: 'Fresh Logo.png', data: png, type: 'image/png' }],
      'file',
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, partnerLogoFileName: 'Fresh Logo.png' });

    const got = await send(
      `${server.url}/api/partner-configurations/${id}/logo/${encodeURIComponent('Fresh Logo.png')}`,
    );
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toBe('public, no-cache');
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    const logoAt = `${server.url}/api/partner-configurations/${id}/logo/${encodeURIComponent('Fresh Logo.png')}`;
    const etag = got.headers.get('etag')!;
    expect((await send(logoAt, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // A new picture under the same name: the browser's copy no longer matches, so it gets the new one at once.
    const newer = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
    expect(
      (
        await admin.upload(
          `/api/partner-configurations/${id}/logo`,
          [{ name: 'Fresh Logo.png', data: newer, type: 'image/png' }],
          'file',
        )
      ).status,
    ).toBe(200);
    const again = await send(logoAt, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(newer)).toBe(true);
    expect((await send(`${server.url}/api/partner-configurations/${id}/logo/other.png`)).status).toBe(404);
    expect((await send(`${server.url}/api/partner-configurations/999999/logo/other.png`)).status).toBe(404);

    const pub = await anonymous.get('/api/companies/30443/partner-configuration');
    expect(pub.json.partnerLogoFileName).toBe('Fresh Logo.png');

    const text = await admin.upload(
      `/api/partner-configurations/${id}/logo`,
      [{ name: 'logo.png', data: new TextEncoder().encode('not a picture at all'), type: 'image/png' }],
      'file',
    );
    expect(text.status).toBe(400);
    // The previous logo stays.
    expect((await admin.graphql(ONE, { id })).json.data.getPartnerConfiguration.partnerLogoFileName).toBe(
      'Fresh Logo.png',
    );
    expect(
      (await admin.upload(`/api/partner-configurations/999999/logo`, [{ name: 'logo.png', data: png }], 'file')).status,
    ).toBe(404);
  });

  it('searches companies by name (contains, case-insensitive, wildcards literal) and reads one company', async () => {
    const found = (await admin.graphql(SEARCH, { name: 'harbor' })).json.data.searchCompaniesByName;
    expect(found).toEqual([{ id: 1002, name: 'Blue Harbor Snacks' }]);
    expect((await admin.graphql(SEARCH, { name: '%' })).json.data.searchCompaniesByName).toEqual([]);
    expect((await admin.graphql(SEARCH, { name: '_' })).json.data.searchCompaniesByName).toEqual([]);
    expect((await admin.graphql(SEARCH, { name: '' })).json.data.searchCompaniesByName.length).toBeLessThanOrEqual(20);
    expect((await admin.graphql(COMPANY, { id: 1001 })).json.data.getCompany).toEqual({
      id: 1001,
      name: 'Green Valley Foods',
    });
    expect((await admin.graphql(COMPANY, { id: 424242 })).json.data.getCompany).toBeNull();
  });

  it('a read-only administrator finds any company by name, to look at its shipping profiles and webhooks', async () => {
    expect((await viewer.graphql(SEARCH, { name: 'green' })).json.data.searchCompaniesByName).toEqual([
      { id: 1001, name: 'Green Valley Foods' },
    ]);
    expect((await viewer.graphql(COMPANY, { id: 1002 })).json.data.getCompany).toEqual({
      id: 1002,
      name: 'Blue Harbor Snacks',
    });
  });
});
