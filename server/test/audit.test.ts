/**
 * The audit trail of staff actions (issue 19): each staff action on someone else's data writes exactly one row, in
 * its own transaction (none when it fails); suppliers' own changes write none; only administrators read the trail
 * and its CSV export.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { AUDIT_COUNT_LIMIT, CATALOGUE_CSV_COLUMNS, gs1CheckDigit } from '@portal/domain';
import { auditLog, partnerConfigurations, productSubmissions, users } from '../src/db/schema.ts';
import { purgeOldAuditRows } from '../src/modules/audit/queries/retention.ts';
import { plainImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { aSubmission } from './support/factories.ts';

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
  [{ id: adminId }] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@example.com'));
});
afterAll(() => server?.close());

let ean11 = 71234500000;
/** A fresh UPC-A (11 digits and the check digit). */
const nextUpc = () => {
  const body = String(++ean11);
  return body + gs1CheckDigit(body);
};

/** A supplier of company 1001 submits one product (a plain photo, so it waits for staff). */
async function submit(name = 'Audit product', upc = nextUpc()) {
  const submission = await aSubmission(server, { upc, name, files: [{ data: await plainImage(), detectedUpcs: [] }] });
  return { id: submission.id, upc };
}

const setStatus = (client: Client, id: string, status: string, reason?: string) =>
  client.graphql(
    `mutation($id: ID!, $status: DecisionStatus!, $reason: String) { updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }`,
    {
      id,
      status,
      reason,
    },
  );
const ok = (res: { json: any; status: number }) => {
  if (res.json?.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json;
};

/** The rows written since the last call (every test starts from an empty slate of "new" rows). */
let seen = 0;
async function newRows() {
  const rows = await server.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.id} > ${seen}`)
    .orderBy(auditLog.id);
  if (rows.length) seen = rows[rows.length - 1].id;
  return rows;
}
beforeEach(async () => {
  await newRows();
});
const statusOf = async (id: string) =>
  (
    await server.database.db
      .select({ s: productSubmissions.itemStatus })
      .from(productSubmissions)
      .where(eq(productSubmissions.id, id))
  )[0].s;

/**
 * Makes the next COMMIT that touches `table` fail (a deferred constraint trigger fires at commit, after every
 * statement of the transaction, the audit insert included), and returns its removal.
 */
async function failCommitsOn(table: string) {
  const db = server.database.db;
  await db.execute(
    sql.raw(
      `create or replace function audit_test_fail() returns trigger language plpgsql as $$ begin raise exception 'audit test: commit refused'; end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `create constraint trigger audit_test_fail after update or insert on ${table} deferrable initially deferred for each row execute function audit_test_fail()`,
    ),
  );
  return () => db.execute(sql.raw(`drop trigger audit_test_fail on ${table}`));
}

describe(`audit rows of staff actions (${databaseKind})`, () => {
  it('accept: one row with the administrator, the submission and its status before and after', async () => {
    const { id } = await submit('Accepted oats');
    await newRows();
    ok(await setStatus(c.admin, id, 'ACCEPTED'));
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'submission.accepted',
      targetType: 'submission',
      targetId: id,
      companyId: 1001,
      targetLabel: 'Accepted oats',
      before: { status: 'SUBMITTED' },
      after: { status: 'ACCEPTED' },
    });
    expect(Date.now() - rows[0].at.getTime()).toBeLessThan(60_000);
  });

  it('reject: one row with the reason', async () => {
    const { id } = await submit();
    await newRows();
    ok(await setStatus(c.admin, id, 'ADMIN_REJECTED', 'Blurry photo'));
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'submission.rejected',
      targetId: id,
      companyId: 1001,
      before: { status: 'SUBMITTED' },
      after: { status: 'ADMIN_REJECTED', reason: 'Blurry photo' },
    });
  });

  it('catalogue: one row, ACCEPTED to CATALOGUED', async () => {
    const { id } = await submit();
    ok(await setStatus(c.admin, id, 'ACCEPTED'));
    await newRows();
    ok(
      await c.admin.graphql(
        `mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) { itemStatus } }`,
        {
          id,
          input: { description: 'Oats', brand: 'Green Valley' },
        },
      ),
    );
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'submission.catalogued',
      targetId: id,
      companyId: 1001,
      before: { status: 'ACCEPTED' },
      after: { status: 'CATALOGUED' },
    });
  });

  it('certified-values import: one row for the import with its counts; delist: one row for the product', async () => {
    const { id, upc } = await submit();
    ok(await setStatus(c.admin, id, 'ACCEPTED'));
    const ean = '0' + upc;
    const other = '0' + nextUpc();
    await newRows();
    const csv = `${CATALOGUE_CSV_COLUMNS.join(',')}\n${ean},Oats,Green Valley,,,,,,\n${other},Rye,Green Valley,,,,,,\n`;
    const res = await c.admin.upload(
      '/api/cataloguedProducts/import',
      [{ name: 'values.csv', data: Buffer.from(csv), type: 'text/csv' }],
      'file',
    );
    expect(res.json).toEqual({ applied: 2, catalogued: 1 });
    const imported = await newRows();
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({
      actorUserId: adminId,
      action: 'certified_values.imported',
      targetType: 'certified_values_import',
      companyId: null,
      before: null,
      after: { rows: 2, productsCreated: 2, productsUpdated: 0, submissionsCatalogued: 1, ean13Upcs: [ean, other] },
    });

    ok(
      await c.admin.graphql(`mutation($e: String!) { delistCataloguedProduct(ean13Upc: $e) { isDelisted } }`, {
        e: ean,
      }),
    );
    const delisted = await newRows();
    expect(delisted).toHaveLength(1);
    expect(delisted[0]).toMatchObject({
      actorUserId: adminId,
      action: 'product.delisted',
      targetType: 'product',
      targetId: ean,
      targetLabel: 'Oats',
      before: { delisted: false },
      after: { delisted: true, submissionsDelisted: 1 },
    });
  });

  it('staff rename and delete a supplier submission: one row each; the supplier doing the same writes none', async () => {
    const { id } = await submit('Old name');
    await newRows();
    ok(
      await c.admin.graphql(
        `mutation($id: ID!, $n: String!) { updateProductSubmissionProductName(id: $id, name: $n) { productName } }`,
        { id, n: 'New name' },
      ),
    );
    expect(await newRows()).toMatchObject([
      {
        actorUserId: adminId,
        action: 'submission.renamed',
        targetId: id,
        companyId: 1001,
        before: { productName: 'Old name' },
        after: { productName: 'New name' },
      },
    ]);
    ok(
      await c.supplier.graphql(
        `mutation($id: ID!, $n: String!) { updateProductSubmissionProductName(id: $id, name: $n) { productName } }`,
        { id, n: 'Mine' },
      ),
    );
    expect(await newRows()).toEqual([]);
    ok(await c.admin.graphql(`mutation($id: ID!) { deleteProductSubmission(id: $id) }`, { id }));
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'submission.deleted',
      targetId: id,
      companyId: 1001,
      before: { status: 'SUBMITTED', productName: 'Mine', files: 1 },
      after: null,
    });
  });

  it('bulk edit by staff: one row per changed submission with only the changed fields; the supplier editing its own writes none', async () => {
    const a = await submit('Bulk A');
    const b = await submit('Bulk B');
    await newRows();
    const UPDATE = `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { id } }`;
    ok(await c.admin.graphql(UPDATE, { rows: [{ id: a.id, msrp: 4.5, productName: 'Bulk A2' }, { id: b.id }] }));
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'submission.bulk_edited',
      targetId: a.id,
      companyId: 1001,
      before: { productName: 'Bulk A', msrp: null },
      after: { productName: 'Bulk A2', msrp: 4.5 },
    });
    ok(await c.supplier.graphql(UPDATE, { rows: [{ id: b.id, msrp: 3 }] }));
    expect(await newRows()).toEqual([]);
  });

  it('partner configuration: creating, changing (blocking photo checks too) and a new logo write one row each, with only the changed settings', async () => {
    const created = ok(await c.admin.graphql(`mutation { createPartnerConfiguration(companyId: 30500) { id } }`)).data
      .createPartnerConfiguration;
    let rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'partner_configuration.created',
      targetType: 'partner_configuration',
      targetId: String(created.id),
      companyId: 30500,
      before: null,
      after: { landingPageEnabled: true },
    });

    const UPDATE = `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { id } }`;
    const current = (
      await server.database.db.select().from(partnerConfigurations).where(eq(partnerConfigurations.id, created.id))
    )[0];
    ok(
      await c.admin.graphql(UPDATE, {
        id: created.id,
        input: { primaryColor: '#123456', secondaryColor: current.secondaryColor, landingPageEnabled: false },
      }),
    );
    rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'partner_configuration.updated',
      targetId: String(created.id),
      companyId: 30500,
      before: { primaryColor: current.primaryColor, landingPageEnabled: true },
      after: { primaryColor: '#123456', landingPageEnabled: false },
    });

    // Switching on a blocking photo check is audited; field rules list only the flags that changed, so rules sent
    // whole with their defaults spelled out ({ visible: true }) add nothing.
    const same = { primaryColor: '#123456', secondaryColor: current.secondaryColor, landingPageEnabled: false };
    ok(
      await c.admin.graphql(UPDATE, {
        id: created.id,
        input: {
          ...same,
          blockingPhotoChecks: ['BLURRY'],
          fieldRules: [
            { field: 'msrp', visible: true, required: false },
            { field: 'tpr', visible: true, required: true },
          ],
        },
      }),
    );
    rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].before).toEqual({ blockingPhotoChecks: [], fieldRules: { msrp: { required: true } } });
    expect(rows[0].after).toEqual({ blockingPhotoChecks: ['BLURRY'], fieldRules: { msrp: { required: false } } });
    // The same settings saved again change nothing and write no row.
    ok(
      await c.admin.graphql(UPDATE, {
        id: created.id,
        input: { ...same, blockingPhotoChecks: ['BLURRY'], fieldRules: [{ field: 'msrp', required: false }] },
      }),
    );
    expect(await newRows()).toEqual([]);

    const logo = await c.admin.upload(
      `/api/partner-configurations/${created.id}/logo`,
      [{ name: 'logo.png', data: await plainImage() }],
      'file',
    );
    expect(logo.status).toBe(200);
    rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'partner_configuration.logo_changed',
      companyId: 30500,
      before: { logo: null },
      after: { logo: 'logo.png' },
    });
  });

  it('bulk ingestion: granting access writes one row; staff mapping a company job writes one', async () => {
    const res = ok(
      await c.admin.graphql(
        `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
        {
          input: { companyId: 1001, folderName: 'audit_green', imageSource: 'LOCAL' },
        },
      ),
    );
    expect(res.data.createBulkIngestionOrganization.companyId).toBe(1001);
    const granted = await newRows();
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({
      actorUserId: adminId,
      action: 'bulk_ingestion.access_granted',
      targetType: 'bulk_ingestion_organization',
      companyId: 1001,
      targetLabel: 'Green Valley Foods',
      before: null,
      after: { folderName: 'audit_green', imageSource: 'LOCAL' },
    });

    const job = await c.supplier.upload('/api/bulkIngestion/jobs', [{ name: 'unread.png', data: await plainImage() }]);
    expect(job.status).toBe(201);
    await server.ctx.jobs!.drain();
    const upc = nextUpc();
    const mapped = await c.admin.put(`/api/bulkIngestion/jobs/${job.json.id}/files`, [{ upc, filename: 'unread.png' }]);
    expect(mapped.status).toBe(200);
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'bulk_ingestion.files_mapped',
      targetType: 'bulk_ingestion_job',
      targetId: String(job.json.id),
      companyId: 1001,
      after: { files: [`unread.png → ${upc}`] },
    });
  });

  it("staff on a supplier's draft: adding files, changing, submitting and deleting write one row each; the supplier's own edits none", async () => {
    const UPDATE = `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`;
    const draft = (await c.supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: await plainImage() }]))
      .json;
    const upc = nextUpc();
    ok(
      await c.supplier.graphql(UPDATE, {
        id: draft.id,
        input: { files: [{ fileName: 'front.png', upc, productName: 'Draft oats' }] },
      }),
    );
    expect(await newRows()).toEqual([]);

    expect(
      (
        await c.admin.upload(`/api/draftSubmissions/${draft.id}/image`, [
          { name: 'back.png', data: await plainImage() },
        ])
      ).status,
    ).toBe(200);
    expect(await newRows()).toMatchObject([
      {
        actorUserId: adminId,
        action: 'draft.files_added',
        targetType: 'draft',
        targetId: draft.id,
        companyId: 1001,
        after: { files: ['back.png'] },
      },
    ]);

    ok(
      await c.admin.graphql(UPDATE, {
        id: draft.id,
        input: {
          files: [
            { fileName: 'front.png', productName: 'Draft rye' },
            { fileName: 'back.png', upc, productName: 'Draft rye' },
          ],
        },
      }),
    );
    const changed = await newRows();
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      action: 'draft.updated',
      targetId: draft.id,
      companyId: 1001,
      before: {
        'front.png': `upc ${upc}, name Draft oats, shipping profile (none), marketing image no`,
        'back.png': 'upc (none), name (none), shipping profile (none), marketing image no',
      },
      after: {
        'front.png': `upc ${upc}, name Draft rye, shipping profile (none), marketing image no`,
        'back.png': `upc ${upc}, name Draft rye, shipping profile (none), marketing image no`,
      },
    });

    const created = ok(
      await c.admin.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
        id: draft.id,
      }),
    ).data.submitProductsFromDraftSubmission;
    expect(await newRows()).toMatchObject([
      {
        action: 'draft.submitted',
        targetId: draft.id,
        companyId: 1001,
        after: { submissions: created.map((x: { id: string }) => x.id) },
      },
    ]);

    const other = (await c.supplier.upload('/api/draftSubmissions', [{ name: 'gone.png', data: await plainImage() }]))
      .json;
    await newRows();
    expect(
      ok(await c.admin.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, { id: other.id })).data
        .deleteDraftSubmission,
    ).toBe(true);
    expect(await newRows()).toMatchObject([
      { action: 'draft.deleted', targetId: other.id, companyId: 1001, before: { files: ['gone.png'] }, after: null },
    ]);
  });

  it("staff on a company's brand profile: creating and changing it write one row each", async () => {
    const BRAND = {
      brandWebsiteUrl: 'https://blueharbor.example',
      brandCountryCode: 'US',
      brandStateCode: 'CA',
      brandCityName: 'Los Angeles',
      yearFounded: '2001',
      brandStory: 'Written by staff',
      samplesOffered: true,
      primaryDistributionMethod: 'Distributor',
      distributionRange: 'national',
      salesContactName: 'Bo Sales',
      salesContactEmail: 'bo@blueharbor.example',
    };
    const CREATE = `mutation($companyId: Int!, $input: BrandProfileInput!) { createBrandProfile(companyId: $companyId, input: $input) { id isPublished } }`;
    const PUBLISH = `mutation($companyId: Int!, $id: Int!, $p: Boolean!) { updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $id, isPublished: $p) { id } }`;
    const profile = ok(await c.admin.graphql(CREATE, { companyId: 1002, input: BRAND })).data.createBrandProfile;
    const created = await newRows();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actorUserId: adminId,
      action: 'brand_profile.created',
      targetType: 'brand_profile',
      targetId: String(profile.id),
      companyId: 1002,
      before: null,
    });
    expect(created[0].after).toMatchObject({ brandStory: 'Written by staff', isPublished: true });
    ok(await c.admin.graphql(PUBLISH, { companyId: 1002, id: profile.id, p: false }));
    expect(await newRows()).toMatchObject([
      {
        action: 'brand_profile.updated',
        companyId: 1002,
        before: { isPublished: true },
        after: { isPublished: false },
      },
    ]);
  });

  it("staff on a company's shipping profiles: creating, changing and assigning products write one row each", async () => {
    const PROFILE = (name: string) => ({
      name,
      caseCount: 12,
      grossWeight: { value: 20, unit: 'lbs' },
      netWeight: { value: 18, unit: 'lbs' },
      caseLength: { value: 12, unit: 'in' },
      caseWidth: { value: 10, unit: 'in' },
      caseHeight: null,
      palletTiers: 10,
      palletLayers: 5,
    });
    const { upc } = await submit('Shipped oats');
    await newRows();
    const created = ok(
      await c.admin.graphql(
        `mutation($input: ShippingProfileInput!, $companyId: Int) { createShippingProfile(input: $input, companyId: $companyId) { id } }`,
        {
          input: PROFILE('Staff cases'),
          companyId: 1001,
        },
      ),
    ).data.createShippingProfile;
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminId,
      action: 'shipping_profile.created',
      targetId: String(created.id),
      companyId: 1001,
      targetLabel: 'Staff cases',
    });
    expect(rows[0].after).toMatchObject({ name: 'Staff cases', caseCount: 12 });

    const body = { ...PROFILE('Staff cases'), caseCount: 24 };
    expect((await c.admin.put(`/api/shippingProfile/${created.id}`, body)).status).toBe(200);
    expect(await newRows()).toMatchObject([
      { action: 'shipping_profile.updated', companyId: 1001, before: { caseCount: 12 }, after: { caseCount: 24 } },
    ]);

    expect((await c.admin.post(`/api/shippingProfile/${created.id}/products`, { [upc]: true })).status).toBe(200);
    expect(await newRows()).toMatchObject([
      { action: 'shipping_profile.products_assigned', companyId: 1001, after: { given: ['0' + upc], taken: [] } },
    ]);
  });

  it('a supplier submitting, resubmitting or appealing its own items writes no row', async () => {
    const { id } = await submit();
    ok(await setStatus(c.admin, id, 'ADMIN_REJECTED', 'Dark'));
    await newRows();
    const res = await c.supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'again.png', data: await plainImage() }],
      'files',
      { id, upc: nextUpc() },
    );
    expect(res.status).toBe(200);
    await submit();
    expect(await newRows()).toEqual([]);
  });

  it("staff changes to a company's webhooks are audited (never the secret); the company's own are not", async () => {
    // A receiver that is never called: loopback, inactive, no event sent.
    server.ctx.config.webhookAllowPrivate = true;
    try {
      const body = { url: 'http://127.0.0.1:9/audit-hooks', events: ['submission.catalogued'], active: false };
      const own = await c.supplier.post('/api/companies/1001/webhooks', body);
      expect(own.status).toBe(201);
      await c.supplier.post(`/api/webhooks/${own.json.webhook.id}/rotate-secret`);
      await c.supplier.request('DELETE', `/api/webhooks/${own.json.webhook.id}`);
      expect(await newRows()).toEqual([]);

      const created = await c.admin.post('/api/companies/1001/webhooks', body);
      expect(created.status).toBe(201);
      const id = created.json.webhook.id;
      expect(
        (await c.admin.put(`/api/webhooks/${id}`, { ...body, events: ['submission.status_changed'] })).status,
      ).toBe(200);
      const rotated = await c.admin.post(`/api/webhooks/${id}/rotate-secret`);
      expect((await c.admin.request('DELETE', `/api/webhooks/${id}`)).status).toBe(204);
      const rows = await newRows();
      const target = { targetType: 'webhook', targetId: String(id), companyId: 1001, actorUserId: adminId };
      expect(rows).toMatchObject([
        { action: 'webhook.created', ...target, after: { url: body.url, events: body.events, active: false } },
        {
          action: 'webhook.updated',
          ...target,
          before: { events: ['submission.catalogued'] },
          after: { events: ['submission.status_changed'] },
        },
        { action: 'webhook.secret_rotated', ...target },
        { action: 'webhook.deleted', ...target, before: { url: body.url } },
      ]);
      expect(JSON.stringify(rows)).not.toContain(created.json.secret);
      expect(JSON.stringify(rows)).not.toContain(rotated.json.secret);
    } finally {
      server.ctx.config.webhookAllowPrivate = false;
    }
  });

  it("staff revoking someone's API token is audited; revoking one's own is not", async () => {
    const mine = await c.supplier.tokenClient(['read:productsubmissions'], { name: 'audit: own' });
    expect((await c.supplier.request('DELETE', `/api/api-tokens/${mine.id}`)).status).toBe(200);
    expect(await newRows()).toEqual([]);
    const theirs = await c.supplier.tokenClient(['read:productsubmissions'], { name: 'audit: revoked by staff' });
    expect((await c.admin.request('DELETE', `/api/admin/api-tokens/${theirs.id}`)).status).toBe(200);
    // Revoking it again changes nothing, and writes nothing.
    expect((await c.admin.request('DELETE', `/api/admin/api-tokens/${theirs.id}`)).status).toBe(200);
    expect(await newRows()).toMatchObject([
      {
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: String(theirs.id),
        targetLabel: 'audit: revoked by staff',
        companyId: 1001,
        actorUserId: adminId,
      },
    ]);
    const listed = (await c.viewer.get('/api/audit?action=api_token.revoked')).json;
    expect(listed.items[0]).toMatchObject({ actionLabel: 'API token revoked', target: { type: 'api_token' } });
  });
});

describe(`audit rows share the transaction of the change (${databaseKind})`, () => {
  it('an accept whose commit fails leaves no audit row and the status unchanged', async () => {
    const { id } = await submit();
    await newRows();
    const restore = await failCommitsOn('product_submissions');
    try {
      const res = await setStatus(c.admin, id, 'ACCEPTED');
      expect(res.json.errors?.[0]).toBeDefined();
    } finally {
      await restore();
    }
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(await newRows()).toEqual([]);
  });

  it('a partner configuration change whose commit fails leaves no audit row', async () => {
    const [config] = await server.database.db
      .select()
      .from(partnerConfigurations)
      .where(eq(partnerConfigurations.companyId, 30443));
    const restore = await failCommitsOn('partner_configurations');
    try {
      const res = await c.admin.graphql(
        `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { id } }`,
        {
          id: config.id,
          input: { primaryColor: '#654321', landingPageEnabled: !config.landingPageEnabled },
        },
      );
      expect(res.json.errors?.[0]).toBeDefined();
    } finally {
      await restore();
    }
    expect(
      (await server.database.db.select().from(partnerConfigurations).where(eq(partnerConfigurations.id, config.id)))[0]
        .primaryColor,
    ).toBe(config.primaryColor);
    expect(await newRows()).toEqual([]);
  });

  it('a failed audit insert undoes the change it describes', async () => {
    const { id } = await submit();
    const restore = await failCommitsOn('audit_log');
    try {
      expect((await setStatus(c.admin, id, 'ADMIN_REJECTED', 'Late')).json.errors?.[0]).toBeDefined();
    } finally {
      await restore();
    }
    expect(await statusOf(id)).toBe('SUBMITTED');
  });
});

describe(`reading the audit trail (${databaseKind})`, () => {
  it('suppliers and the signed-out cannot read the trail, its options or its CSV; administrators, read-only ones too, can', async () => {
    for (const path of ['/api/audit', '/api/audit/options', '/api/audit.csv']) {
      expect((await c.anonymous.get(path)).status, path).toBe(401);
      for (const supplier of [c.supplier, c.other]) {
        const res = await supplier.get(path);
        expect(res.status, path).toBe(403);
        expect(res.text).not.toContain('submission.');
      }
      expect((await c.viewer.get(path)).status, path).toBe(200);
      expect((await c.admin.get(path)).status, path).toBe(200);
    }
  });

  it('filters by action, actor, company and date range, newest first, paged on the server', async () => {
    const first = await submit();
    const second = await submit();
    ok(await setStatus(c.admin, first.id, 'ACCEPTED'));
    ok(await setStatus(c.admin, second.id, 'ACCEPTED'));
    const accepted = (await c.viewer.get('/api/audit?action=submission.accepted&pageSize=2')).json;
    expect(accepted.items.map((r: any) => r.target.id)).toEqual([second.id, first.id]);
    expect(accepted.items[0]).toMatchObject({
      action: 'submission.accepted',
      actionLabel: 'Submission accepted',
      actor: { id: adminId, name: 'Ada Admin', email: 'admin@example.com' },
      target: { type: 'submission', companyId: 1001, companyName: 'Green Valley Foods' },
      before: { status: 'SUBMITTED' },
      after: { status: 'ACCEPTED' },
    });
    expect(accepted.total).toBeGreaterThanOrEqual(4);
    expect(accepted.pageSize).toBe(2);
    const page2 = (await c.viewer.get('/api/audit?action=submission.accepted&pageSize=2&page=2')).json;
    expect(page2.items.map((r: any) => r.target.id)).not.toContain(second.id);

    const all = (await c.viewer.get('/api/audit?pageSize=100')).json;
    expect(new Set(all.items.map((r: any) => r.action)).size).toBeGreaterThan(1);
    expect((await c.viewer.get(`/api/audit?actorId=${adminId}`)).json.total).toBe(all.total);
    expect((await c.viewer.get(`/api/audit?actorId=999999`)).json.total).toBe(0);
    const ofPartner = (await c.viewer.get('/api/audit?companyId=30500')).json;
    expect(ofPartner.items.length).toBeGreaterThan(0);
    expect(ofPartner.items.every((r: any) => r.target.companyId === 30500)).toBe(true);
    expect(
      (await c.viewer.get(`/api/audit?targetType=submission&targetId=${first.id}`)).json.items.map(
        (r: any) => r.action,
      ),
    ).toContain('submission.accepted');

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await c.viewer.get(`/api/audit?from=${encodeURIComponent(future)}`)).json.total).toBe(0);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await c.viewer.get(`/api/audit?from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(future)}`)).json
        .total,
    ).toBe(all.total);

    const bad = await c.viewer.get('/api/audit?action=drop.tables&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ action: 'Unknown action.', from: 'The start date is not a date.' });
    expect(
      (await c.viewer.get(`/api/audit?from=${encodeURIComponent(future)}&to=${encodeURIComponent(hourAgo)}`)).json
        .fields.to,
    ).toBe('The start date must be on or before the end date.');

    const options = (await c.viewer.get('/api/audit/options')).json;
    expect(options.actions).toContainEqual({ value: 'job.retried', label: 'Background job retried' });
    expect(options.actors).toEqual([{ id: adminId, name: 'Ada Admin', email: 'admin@example.com' }]);
    expect(options.companies).toContainEqual({ id: 1001, name: 'Green Valley Foods' });
  });

  it('the CSV export: the same filters, a header, one line per row, quoting, and no formula a spreadsheet would run', async () => {
    const { id } = await submit('=HYPERLINK("http://evil.example","Click"), "quoted"');
    ok(await setStatus(c.admin, id, 'ADMIN_REJECTED', '+1 photo, blurry\nsecond line'));
    const res = await c.viewer.get(`/api/audit.csv?action=submission.rejected&targetId=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rest] = res.text.split('\r\n');
    expect(header).toBe('when,actor,actor e-mail,action,action name,target type,target id,target,company,before,after');
    const body = rest.join('\r\n');
    expect(body).toContain(`,Ada Admin,admin@example.com,submission.rejected,Submission rejected,submission,${id},`);
    // The product name: a formula guarded by an apostrophe, quotes doubled, the whole cell quoted (it holds a comma).
    expect(body).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Click""), ""quoted""",Green Valley Foods,status: SUBMITTED,`,
    );
    // The reason with a line break stays inside one quoted cell (a summary lists its fields in jsonb's key order).
    expect(body).toContain(`"reason: +1 photo, blurry\nsecond line; status: ADMIN_REJECTED"\r\n`);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(rest.filter((l) => l.includes('submission.rejected'))).toHaveLength(1);

    const accepted = await c.viewer.get('/api/audit.csv?action=submission.accepted');
    expect(
      accepted.text
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .every((l) => l.includes(',submission.accepted,')),
    ).toBe(true);
    expect((await c.viewer.get('/api/audit.csv?from=not-a-date')).status).toBe(400);
  });

  it('the CSV export streams a trail longer than one batch in full, newest first', async () => {
    const db = server.database.db;
    const [{ n: before }] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    await db.insert(auditLog).values(
      Array.from({ length: 1203 }, (_, i) => ({
        actorUserId: adminId,
        action: 'job.retried',
        targetType: 'job',
        targetId: `bulk-${i}`,
      })),
    );
    const res = await c.admin.get('/api/audit.csv');
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(before + 1203 + 1);
    expect(lines[1]).toContain(',job,bulk-1202,');
    const [newest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(newest.targetId).toBe('bulk-1202');
  });

  it('a page next to one shown is read from its edge and matches the page counted from the top; the count stops at 10,000 and says there are more', async () => {
    const db = server.database.db;
    await db.execute(sql`
      insert into audit_log (actor_user_id, action, target_type, target_id)
      select ${adminId}, 'job.retried', 'job', 'many-' || g from generate_series(1, ${AUDIT_COUNT_LIMIT + 5}) g`);
    const q = '/api/audit?action=job.retried&pageSize=10';
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(async (n) => (await c.viewer.get(`${q}&page=${n}`)).json));
    expect(p1).toMatchObject({ total: AUDIT_COUNT_LIMIT, more: true });
    const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);
    const after = (await c.viewer.get(`${q}&page=2&after=${p1.items.at(-1).id}`)).json;
    const before = (await c.viewer.get(`${q}&page=2&before=${p3.items[0].id}`)).json;
    expect(ids(after)).toEqual(ids(p2));
    expect(ids(before)).toEqual(ids(p2));
    // Past the rows counted, pages are reached from the edge of the one before, not by their number alone.
    expect((await c.viewer.get(`${q}&page=1002`)).json.items).toEqual([]);
    const bottom = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'job.retried'))
      .orderBy(auditLog.id)
      .limit(1);
    expect((await c.viewer.get(`${q}&page=1002&after=${bottom[0].id + 1}`)).json.items.map((r: any) => r.id)).toEqual([
      bottom[0].id,
    ]);
    expect((await c.viewer.get(`${q}&after=abc`)).status).toBe(400);
  });

  it('rows older than AUDIT_RETENTION_MONTHS are purged by the maintenance, newer ones kept; 0 keeps every row', async () => {
    const db = server.database.db;
    await db.insert(auditLog).values(
      ['old-1', 'old-2', 'recent'].map((targetId, i) => ({
        actorUserId: adminId,
        action: 'job.retried',
        targetType: 'job',
        targetId,
        at: new Date(Date.now() - (i < 2 ? 800 : 30) * 24 * 3600 * 1000),
      })),
    );
    const left = async () =>
      (await db.select({ t: auditLog.targetId }).from(auditLog))
        .map((r) => r.t)
        .filter((t) => /^(old-|recent)/.test(t));
    expect(await purgeOldAuditRows(db, 0)).toBe(0);
    expect(await left()).toHaveLength(3);
    expect(await purgeOldAuditRows(db, 24)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual(['recent']);
  });
});
