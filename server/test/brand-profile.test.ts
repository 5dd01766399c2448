import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BRAND_MSG } from '@portal/domain';
import { brandProfiles, cities, featureFlags } from '../src/db/schema.ts';
import { loadPlaces } from '../src/modules/reference-data/load.ts';
import { barcodePdf, plainImage } from './fixtures.ts';
import { Client, demoClients, databaseKind, send, startTestServer, type TestServer } from './harness.ts';

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

const FIELDS = `id companyId creatorId isPublished brandLogoFilename brandLogoUrl productOneSheetFilename productOneSheetUrl
  salesDeckFilename salesDeckUrl marketingVideoUrl brandWebsiteUrl brandCountryCode brandStateCode brandCityName yearFounded
  brandStory facebookUrl instagramUrl twitterUrl samplesOffered primaryInvestor secondaryInvestor raisingInvestment
  primaryDistributionMethod secondaryDistributionMethod distributionRange distributionRangeStates
  salesContact { Email Name Phone Title } primaryBroker { Company Email Name Phone Title } can { edit }`;
const COMPANY = `query($id: Int!) { getCompany(companyId: $id) { id name brandProfiles { ${FIELDS} } } }`;
const CREATE = `mutation($companyId: Int!, $input: BrandProfileInput!) { createBrandProfile(companyId: $companyId, input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($companyId: Int!, $id: Int!, $input: BrandProfileInput!) { updateBrandProfile(companyId: $companyId, brandProfileId: $id, input: $input) { ${FIELDS} } }`;
const PUBLISH = `mutation($companyId: Int!, $id: Int!, $p: Boolean!) { updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $id, isPublished: $p) { id isPublished } }`;

const code = (res: { json: any }) => res.json.errors?.[0]?.extensions?.code;
const fields = (res: { json: any }) => res.json.errors?.[0]?.extensions?.fields;

const input = (over: Record<string, unknown> = {}) => ({
  brandWebsiteUrl: 'https://greenvalley.example',
  brandCountryCode: 'US',
  brandStateCode: 'CA',
  brandCityName: 'Los Angeles',
  yearFounded: '1998',
  brandStory: 'A family farm since 1998.',
  samplesOffered: true,
  primaryDistributionMethod: 'Distributor',
  distributionRange: 'states',
  distributionRangeStates: ['CA', 'OR'],
  salesContactName: 'Sam Sales',
  salesContactEmail: 'sam@greenvalley.example',
  salesContactTitle: 'Head of sales',
  ...over,
});

let profileId: number;
const filePath = (kind: string, company = 1001, id = profileId) =>
  `/api/companies/${company}/brand-profiles/${id}/${kind}`;

describe(`brand profile (${databaseKind})`, () => {
  it('lookups: countries, the states of a country, the major cities of a state, distribution methods', async () => {
    const countries = (await supplier.graphql('query { getCountries { id name code } }')).json.data.getCountries;
    expect(countries.map((c: any) => c.code)).toEqual(expect.arrayContaining(['US', 'CA']));
    const us = (
      await supplier.graphql('query($c: String!) { getStates(countryCode: $c) { id name code } }', { c: 'US' })
    ).json.data.getStates;
    expect(us).toHaveLength(51); // 50 states and the District of Columbia
    expect(us.find((s: any) => s.code === 'CA').name).toBe('California');
    const ca = (await supplier.graphql('query($c: String!) { getStates(countryCode: $c) { code } }', { c: 'CA' })).json
      .data.getStates;
    expect(ca).toHaveLength(13);
    const cities = (
      await supplier.graphql(
        'query($c: String!, $s: String!) { getCities(countryCode: $c, stateCode: $s) { id name } }',
        { c: 'CA', s: 'ON' },
      )
    ).json.data.getCities;
    expect(cities.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Toronto', 'Ottawa']));
    expect((await supplier.graphql('query { getStates(countryCode: "ZZ") { code } }')).json.data.getStates).toEqual([]);
    const methods = (await supplier.graphql('query { getDistributionMethods { id name } }')).json.data
      .getDistributionMethods;
    expect(methods.map((m: any) => m.name)).toContain('Distributor');
    expect(code(await anonymous.graphql('query { getCountries { code } }'))).toBe('UNAUTHORIZED');
  });

  it('reference data loads idempotently: a second load adds nothing', async () => {
    const before = (await server.ctx.db.select().from(cities)).length;
    await loadPlaces(server.ctx.db);
    expect((await server.ctx.db.select().from(cities)).length).toBe(before);
    expect(before).toBeGreaterThan(250);
  });

  it('refuses invalid input with the messages of part 2 section 5, naming the fields', async () => {
    const res = await supplier.graphql(CREATE, {
      companyId: 1001,
      input: input({
        brandWebsiteUrl: '',
        marketingVideoUrl: 'not a url',
        brandCityName: '',
        yearFounded: '',
        brandStory: ' ',
        samplesOffered: null,
        primaryDistributionMethod: '',
        distributionRangeStates: [],
        salesContactEmail: 'sam@',
      }),
    });
    expect(code(res)).toBe('VALIDATION_FAILED');
    expect(fields(res)).toMatchObject({
      brandWebsiteUrl: 'Please enter brand website.',
      marketingVideoUrl: 'Please enter a valid URL.',
      brandCityName: 'Please select a City',
      yearFounded: 'Please enter brand year founded.',
      brandStory: 'Please enter brand story.',
      samplesOffered: 'Please select one of the choices.',
      primaryDistributionMethod: 'Please enter primary distribution method.',
      distributionRangeStates: 'Please select at least on state.',
      salesContactEmail: 'Please enter a valid email.',
    });
  });

  it('needs a complete sales contact or a complete primary broker', async () => {
    const res = await supplier.graphql(CREATE, {
      companyId: 1001,
      input: input({ salesContactName: null, salesContactEmail: null, primaryBrokerName: 'Bo Broker' }),
    });
    expect(fields(res)).toEqual({
      salesContactName: 'Please enter sales contact name.',
      salesContactEmail: 'Please enter sales contact email.',
      primaryBrokerCompany: 'Please enter primary broker company.',
      primaryBrokerEmail: 'Please enter primary broker email.',
    });
  });

  it('refuses a country, state, city, method or distribution state that is not in the lookups', async () => {
    expect(
      fields(await supplier.graphql(CREATE, { companyId: 1001, input: input({ brandCountryCode: 'ZZ' }) })),
    ).toEqual({ brandCountryCode: BRAND_MSG.countryRequired });
    expect(fields(await supplier.graphql(CREATE, { companyId: 1001, input: input({ brandStateCode: 'ON' }) }))).toEqual(
      { brandStateCode: BRAND_MSG.stateRequired },
    );
    expect(
      fields(await supplier.graphql(CREATE, { companyId: 1001, input: input({ brandCityName: 'Toronto' }) })),
    ).toEqual({ brandCityName: BRAND_MSG.cityRequired });
    expect(
      fields(
        await supplier.graphql(CREATE, {
          companyId: 1001,
          input: input({ primaryDistributionMethod: 'Carrier pigeon' }),
        }),
      ),
    ).toEqual({
      primaryDistributionMethod: BRAND_MSG.primaryDistributionRequired,
    });
    expect(
      fields(await supplier.graphql(CREATE, { companyId: 1001, input: input({ distributionRangeStates: ['XX'] }) })),
    ).toEqual({
      distributionRangeStates: BRAND_MSG.unknownDistributionState,
    });
  });

  it('creates the profile published by default, contacts in the stored shape, and only once per company', async () => {
    const res = await supplier.graphql(CREATE, { companyId: 1001, input: input() });
    expect(res.json.errors).toBeUndefined();
    const p = res.json.data.createBrandProfile;
    profileId = p.id;
    expect(p).toMatchObject({
      companyId: 1001,
      isPublished: true,
      yearFounded: 1998,
      brandCityName: 'Los Angeles',
      distributionRange: 'states',
      distributionRangeStates: ['CA', 'OR'],
      salesContact: { Email: 'sam@greenvalley.example', Name: 'Sam Sales', Phone: null, Title: 'Head of sales' },
      primaryBroker: { Company: null, Email: null, Name: null, Phone: null, Title: null },
      brandLogoFilename: null,
      brandLogoUrl: null,
      can: { edit: true },
    });
    expect(code(await supplier2.graphql(CREATE, { companyId: 1001, input: input() }))).toBe('CONFLICT');
    const company = (await supplier2.graphql(COMPANY, { id: 1001 })).json.data.getCompany;
    expect(company.brandProfiles.map((b: any) => b.id)).toEqual([profileId]);
  });

  it('updates every field; a range other than states keeps no states', async () => {
    const res = await supplier2.graphql(UPDATE, {
      companyId: 1001,
      id: profileId,
      input: input({
        distributionRange: 'national',
        distributionRangeStates: ['CA'],
        brandCountryCode: 'CA',
        brandStateCode: 'ON',
        brandCityName: 'Toronto',
        facebookUrl: 'https://facebook.com/greenvalley',
        primaryBrokerCompany: 'Brokers Inc',
        primaryBrokerName: 'Bo Broker',
        primaryBrokerEmail: 'bo@brokers.example',
        raisingInvestment: 'Series A in 2027',
      }),
    });
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.updateBrandProfile).toMatchObject({
      distributionRange: 'national',
      distributionRangeStates: [],
      brandCityName: 'Toronto',
      facebookUrl: 'https://facebook.com/greenvalley',
      primaryBroker: {
        Company: 'Brokers Inc',
        Email: 'bo@brokers.example',
        Name: 'Bo Broker',
        Phone: null,
        Title: null,
      },
      raisingInvestment: 'Series A in 2027',
    });
  });

  it('hides and publishes the profile', async () => {
    expect(
      (await supplier.graphql(PUBLISH, { companyId: 1001, id: profileId, p: false })).json.data
        .updateBrandProfileIsPublished.isPublished,
    ).toBe(false);
    expect((await supplier.graphql(COMPANY, { id: 1001 })).json.data.getCompany.brandProfiles[0].isPublished).toBe(
      false,
    );
    expect(
      (await supplier.graphql(PUBLISH, { companyId: 1001, id: profileId, p: true })).json.data
        .updateBrandProfileIsPublished.isPublished,
    ).toBe(true);
  });

  it("another company's profile is 'not found' for every call; read-only staff see it but change nothing", async () => {
    expect(code(await other.graphql(COMPANY, { id: 1001 }))).toBe('NOT_FOUND');
    expect(code(await other.graphql(CREATE, { companyId: 1001, input: input() }))).toBe('NOT_FOUND');
    expect(code(await other.graphql(UPDATE, { companyId: 1001, id: profileId, input: input() }))).toBe('NOT_FOUND');
    expect(code(await other.graphql(PUBLISH, { companyId: 1001, id: profileId, p: false }))).toBe('NOT_FOUND');
    // Its own company id with this profile's id: still not found.
    expect(code(await other.graphql(UPDATE, { companyId: 1002, id: profileId, input: input() }))).toBe('NOT_FOUND');
    const logo = await other.upload(filePath('brand-logo'), [{ name: 'logo.png', data: await plainImage() }], 'file');
    expect(logo.status).toBe(404);
    expect((await other.get(filePath('brand-logo'))).status).toBe(404);

    const seen = (await viewer.graphql(COMPANY, { id: 1001 })).json.data.getCompany.brandProfiles[0];
    expect(seen).toMatchObject({ id: profileId, can: { edit: false } });
    expect(code(await viewer.graphql(PUBLISH, { companyId: 1001, id: profileId, p: false }))).toBe('FORBIDDEN');
    expect(
      (await admin.graphql(PUBLISH, { companyId: 1001, id: profileId, p: true })).json.data
        .updateBrandProfileIsPublished.isPublished,
    ).toBe(true);
    expect(code(await anonymous.graphql(PUBLISH, { companyId: 1001, id: profileId, p: false }))).toBe('UNAUTHORIZED');
  });

  it('stores a brand logo checked by content and serves it back', async () => {
    const png = await plainImage();
    const res = await supplier.upload(
      filePath('brand-logo'),
      [{ name: 'Green Logo.png', data: png, type: 'image/png' }],
      'file',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ brandLogoFilename: 'Green Logo.png' });
    const back = await send(server.url + filePath('brand-logo'), {
      headers: { cookie: [...supplier2.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(back.headers.get('content-disposition')).toContain('Green Logo.png');
    expect(Buffer.from(await back.arrayBuffer()).equals(png)).toBe(true);
    const listed = (await supplier.graphql(COMPANY, { id: 1001 })).json.data.getCompany.brandProfiles[0];
    expect(listed.brandLogoUrl).toMatch(new RegExp(`^/api/companies/1001/brand-profiles/${profileId}/brand-logo\\?v=`));
  });

  it('a lying file is refused: a PDF named .png as the logo, text named .pdf as a one-sheet', async () => {
    const pdf = await barcodePdf('036000291452');
    const lying = await supplier.upload(
      filePath('brand-logo'),
      [{ name: 'logo.png', data: pdf, type: 'image/png' }],
      'file',
    );
    expect(lying.status).toBe(400);
    expect(lying.json.fields).toEqual({ file: BRAND_MSG.logoType });
    const text = await supplier.upload(
      filePath('product-one-sheet'),
      [{ name: 'sheet.pdf', data: new TextEncoder().encode('%PDF not really'), type: 'application/pdf' }],
      'file',
    );
    expect(text.status).toBe(400);
    // The earlier logo stays.
    expect(
      (await supplier.graphql(COMPANY, { id: 1001 })).json.data.getCompany.brandProfiles[0].brandLogoFilename,
    ).toBe('Green Logo.png');
  });

  it('a PDF is a product one-sheet and a sales deck, downloadable afterwards', async () => {
    const pdf = await barcodePdf('036000291452');
    for (const [kind, field] of [
      ['product-one-sheet', 'productOneSheetFilename'],
      ['sales-deck', 'salesDeckFilename'],
    ] as const) {
      const res = await supplier.upload(
        filePath(kind),
        [{ name: `${kind}.pdf`, data: pdf, type: 'application/pdf' }],
        'file',
      );
      expect(res.status, res.text).toBe(200);
      expect(res.json[field]).toBe(`${kind}.pdf`);
      const back = await supplier.get(filePath(kind));
      expect(back.status).toBe(200);
      expect(back.headers.get('content-type')).toBe('application/pdf');
    }
  });

  it("a file of 15728640 bytes or more is 'File is too large'", async () => {
    const big = new Uint8Array(15728640 + 10);
    big.set(await plainImage());
    const res = await supplier.upload(
      filePath('sales-deck'),
      [{ name: 'big.png', data: big, type: 'image/png' }],
      'file',
    );
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('File is too large');
    const exact = new Uint8Array(15728640);
    exact.set(await plainImage());
    const atLimit = await supplier.upload(
      filePath('sales-deck'),
      [{ name: 'exact.png', data: exact, type: 'image/png' }],
      'file',
    );
    expect(atLimit.status).toBe(413);
    expect(atLimit.json.message).toBe('File is too large');
  });

  it('one file per field; an unknown file field is not found', async () => {
    const png = await plainImage();
    const two = await supplier.upload(
      filePath('brand-logo'),
      [
        { name: 'a.png', data: png },
        { name: 'b.png', data: png },
      ],
      'file',
    );
    expect(two.status).toBe(413);
    expect((await supplier.upload(filePath('brand-video'), [{ name: 'a.png', data: png }], 'file')).status).toBe(404);
    expect((await supplier.upload(filePath('brand-logo'), [], 'file')).status).toBe(400);
  });

  it('the BRAND_PROFILE flag gates changes', async () => {
    await server.ctx.db.update(featureFlags).set({ enabled: false }).where(eq(featureFlags.name, 'BRAND_PROFILE'));
    try {
      expect(code(await supplier.graphql(PUBLISH, { companyId: 1001, id: profileId, p: false }))).toBe('FORBIDDEN');
      expect(
        (await supplier.upload(filePath('brand-logo'), [{ name: 'a.png', data: await plainImage() }], 'file')).status,
      ).toBe(403);
    } finally {
      await server.ctx.db.update(featureFlags).set({ enabled: true }).where(eq(featureFlags.name, 'BRAND_PROFILE'));
    }
    const [row] = await server.ctx.db.select().from(brandProfiles).where(eq(brandProfiles.id, profileId));
    expect(row?.isPublished).toBe(true);
  });
});
