import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { gs1CheckDigit } from '@portal/domain';
import {
  jobs,
  mailOutbox,
  productShippingProfiles,
  productSubmissions,
  submissionFiles,
  submissionHistory,
} from '../src/db/schema.ts';
import { addFiles } from '../src/modules/submissions/lifecycle.ts';
import { submissionEvents } from '../src/modules/submissions/events.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { ingestionAccess } from './support/factories.ts';

/**
 * Every way a submission comes to be SUBMITTED (draft submit, images for a catalogued product, bulk ingestion,
 * resubmit) goes through modules/submissions/, so each has the same side effects: a history row, the automated
 * checks, the partner statuses, the product's shipping profile, and the creator's e-mails. Bulk edit and renaming
 * change details: partner statuses and an event.
 */
let server: TestServer;
let supplier: Client;
let admin: Client;
let supplierId: number;
let profileId: number;

beforeAll(async () => {
  server = await startTestServer();
  [supplier, admin] = [new Client(server.url), new Client(server.url)];
  // Through Fresh Market Grocers' portal (partner 30443, which requires a product name): submissions go to it.
  const me = await supplier.post(
    '/api/auth/login',
    { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: '30443' },
    { form: true },
  );
  expect(me.status).toBe(200);
  await admin.login('admin@example.com', 'Admin-demo-1');
  supplierId = (await supplier.get('/api/user')).json.id;
  const created = await supplier.graphql(
    `mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }`,
    { input: { name: 'Ambient', caseCount: 6 } },
  );
  profileId = created.json.data.createShippingProfile.id;
  await ingestionAccess(server, { companyId: 1001, folderName: 'lifecycle', imageSource: 'FTP' });
});
afterAll(() => server?.close());

let serial = 200000;
const newEan = () => {
  const body = `061414${serial++}`;
  return body + gs1CheckDigit(body);
};

const gql = async (c: Client, query: string, variables?: Record<string, unknown>) => {
  const res = await c.graphql(query, variables);
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data;
};

/** A supplier's draft of one product (its photo shows the code), submitted. */
async function submitDraft(code: string, opts: { shippingProfileId?: number } = {}) {
  const draft = (
    await supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: await barcodeImage(code) }])
  ).json;
  await gql(
    supplier,
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: draft.id,
      input: {
        files: [
          {
            fileName: 'front.png',
            upc: code,
            productName: 'Oat crackers',
            isMarketingImage: true,
            shippingProfileId: opts.shippingProfileId ?? null,
          },
        ],
      },
    },
  );
  const data = await gql(supplier, `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: draft.id,
  });
  return data.submitProductsFromDraftSubmission[0].id as string;
}

const setStatus = (c: Client, id: string, status: string, reason?: string) =>
  gql(
    c,
    `mutation($id: ID!, $status: DecisionStatus!, $reason: String) { updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }`,
    { id, status, reason },
  );

const db = () => server.database.db;
const row = async (id: string) =>
  (await db().select().from(productSubmissions).where(eq(productSubmissions.id, id)))[0];
const historyOf = (id: string) =>
  db()
    .select()
    .from(submissionHistory)
    .where(eq(submissionHistory.submissionId, id))
    .orderBy(asc(submissionHistory.id));
const jobsFor = (name: string, id: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, name), sql`${jobs.payload}->>'submissionId' = ${id}`));

/**
 * The side effects every entry path has, read from the database before the background jobs run: the last history
 * row says who made it SUBMITTED; the checks are queued; partner statuses are computed against the partner's rules
 * (partner 30443 requires a product name and a brand; without a partner there are none); the submission carries
 * the product's shipping profile; no e-mail for SUBMITTED, and the creator is e-mailed at the staff decision.
 */
async function expectSideEffects(
  id: string,
  expected: { from: string | null; reason: string | null; partner: boolean },
) {
  const s = await row(id);
  expect(s.itemStatus).toBe('SUBMITTED');
  const history = await historyOf(id);
  expect(history.at(-1)).toMatchObject({
    userId: supplierId,
    fromStatus: expected.from,
    toStatus: 'SUBMITTED',
    reason: expected.reason,
  });
  expect((await jobsFor('submissions.automatedChecks', id)).filter((j) => j.status === 'queued')).toHaveLength(1);
  if (expected.partner) {
    expect(s.partnerStatusLabel).toBe('Incomplete');
    expect(s.partnerStatuses).toEqual(
      expect.arrayContaining([
        { type: 'Pass', message: 'Product Name is provided' },
        { type: 'Fail', message: 'Brand is required' },
      ]),
    );
  } else {
    expect([s.partnerStatusLabel, s.partnerStatuses]).toEqual(['N/A', []]);
  }
  expect(s.shippingProfileId).toBe(profileId);
  const [product] = await db()
    .select()
    .from(productShippingProfiles)
    .where(and(eq(productShippingProfiles.companyId, s.companyId), eq(productShippingProfiles.ean13Upc, s.ean13Upc)));
  expect(product?.shippingProfileId).toBe(profileId);
  expect(
    (await jobsFor('submissions.statusMail', id)).filter(
      (j) => (j.payload as { status: string }).status === 'SUBMITTED',
    ),
  ).toEqual([]);

  await server.ctx.jobs!.drain();
  expect((await row(id)).itemStatus).toBe('SUBMITTED'); // the photo shows the entered code: it waits for staff
  await setStatus(admin, id, 'ACCEPTED');
  await server.ctx.jobs!.drain();
  const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'supplier@example.com'));
  expect(mails.filter((m) => m.text.includes(`/productSubmissions/${id}`) && /Accepted/.test(m.subject))).toHaveLength(
    1,
  );
}

describe(`the submission lifecycle has one owner (${databaseKind})`, () => {
  it('draft submit: history, checks, partner statuses, the chosen shipping profile becomes the product’s, e-mail', async () => {
    const id = await submitDraft(newEan(), { shippingProfileId: profileId });
    await expectSideEffects(id, { from: 'IN_PROGRESS', reason: null, partner: true });
  });

  it('images for a catalogued product: the same, carrying the product’s shipping profile', async () => {
    const code = newEan();
    const first = await submitDraft(code);
    await setStatus(admin, first, 'ACCEPTED');
    await gql(
      admin,
      `mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) { itemStatus } }`,
      {
        id: first,
        input: { description: 'Oat crackers', brand: 'Green Valley' },
      },
    );
    expect((await supplier.put(`/api/products/${code}/shippingProfile`, { shippingProfileId: profileId })).status).toBe(
      200,
    );
    const res = await supplier.upload(`/api/cataloguedProducts/${code}/images`, [
      { name: 'side.png', data: await barcodeImage(code) },
    ]);
    expect(res.status).toBe(201);
    await expectSideEffects(res.json.id, { from: null, reason: 'Images for a catalogued product', partner: true });
  });

  it('bulk ingestion: the same, carrying the product’s shipping profile (no partner: no partner statuses)', async () => {
    const code = newEan();
    await submitDraft(code, { shippingProfileId: profileId });
    await server.ctx.jobs!.drain();
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'crate.png', data: await barcodeImage(code) },
    ]);
    expect(res.status).toBe(201);
    // Run the file through the pipeline only (its processing job), so the checks it queues are still waiting.
    const [fileJob] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'bulkIngestion.processFile'), eq(jobs.status, 'queued')));
    const { processIngestionFile } = await import('../src/modules/bulk-ingestion/pipeline.ts');
    await processIngestionFile(server.ctx).handler(fileJob.payload as { fileId: string }, {
      id: fileJob.id,
      attempt: 1,
      lastAttempt: false,
      log: server.ctx.log,
    });
    await db().update(jobs).set({ status: 'done' }).where(eq(jobs.id, fileJob.id));
    const files = (await supplier.get(`/api/bulkIngestion/jobs/${res.json.id}/files`)).json as {
      status: string;
      submissionId: string;
    }[];
    expect(files.map((f) => f.status)).toEqual(['SUBMITTED']);
    await expectSideEffects(files[0].submissionId, {
      from: null,
      reason: `Imported (job ${res.json.id})`,
      partner: false,
    });
  });

  it('resubmit: the same, and a new UPC carries that product’s shipping profile', async () => {
    const id = await submitDraft(newEan());
    await server.ctx.jobs!.drain();
    await setStatus(admin, id, 'ADMIN_REJECTED', 'Blurry');
    const code = newEan();
    await submitDraft(code, { shippingProfileId: profileId });
    await server.ctx.jobs!.drain();
    const res = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'sharp.png', data: await barcodeImage(code) }],
      'files',
      { id, upc: code },
    );
    expect(res.status).toBe(200);
    await expectSideEffects(id, { from: 'ADMIN_REJECTED', reason: 'Resubmitted', partner: true });
  });

  it('bulk edit and renaming: partner statuses recomputed and submissionUpdated heard inside the same transaction', async () => {
    const id = await submitDraft(newEan());
    const heard: { ids: string[]; brand: string | null }[] = [];
    const stop = submissionEvents.on('submissionUpdated', async (event, tx) => {
      const [seen] = await tx.select().from(productSubmissions).where(eq(productSubmissions.id, id));
      heard.push({ ids: event.submissionIds, brand: seen.brand });
    });
    try {
      await gql(
        supplier,
        `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { id } }`,
        {
          rows: [{ id, companyName: 'Green Valley Foods' }],
        },
      );
      expect((await row(id)).partnerStatuses).toEqual(
        expect.arrayContaining([{ type: 'Pass', message: 'Brand is provided' }]),
      );
      await gql(
        supplier,
        `mutation($id: ID!, $name: String!) { updateProductSubmissionProductName(id: $id, name: $name) { id } }`,
        { id, name: '' },
      );
      expect((await row(id)).partnerStatuses).toEqual(
        expect.arrayContaining([{ type: 'Fail', message: 'Product Name is required' }]),
      );
    } finally {
      stop();
    }
    expect(heard).toEqual([
      { ids: [id], brand: 'Green Valley Foods' },
      { ids: [id], brand: 'Green Valley Foods' },
    ]);
  });

  it('files joining a waiting submission are named in its history; one staff decided on meanwhile takes none', async () => {
    const id = await submitDraft(newEan());
    await server.ctx.jobs!.drain();
    const back = {
      fileName: 'back.png',
      storageKey: 'test/back.png',
      kind: 'png' as const,
      size: 100,
      detectionStatus: 'done' as const,
    };
    const joined = await db().transaction((tx) =>
      addFiles(tx, id, [back, { ...back, fileName: 'side.png' }], { userId: supplierId, reason: 'Imported (job 7)' }),
    );
    expect(joined?.id).toBe(id);
    const history = await historyOf(id);
    expect(history.at(-1)).toMatchObject({
      userId: supplierId,
      fromStatus: 'SUBMITTED',
      toStatus: 'SUBMITTED',
      reason: 'Imported (job 7): 2 files added (back.png, side.png)',
    });
    const filesBefore = await db().select().from(submissionFiles).where(eq(submissionFiles.submissionId, id));
    expect(filesBefore).toHaveLength(3);
    await setStatus(admin, id, 'ACCEPTED');
    const late = await db().transaction((tx) =>
      addFiles(tx, id, [{ ...back, fileName: 'late.png' }], { userId: supplierId, reason: 'Imported (job 8)' }),
    );
    expect(late).toBeNull();
    expect(await db().select().from(submissionFiles).where(eq(submissionFiles.submissionId, id))).toHaveLength(3);
  });
});

describe(`blobs before rows (${databaseKind})`, () => {
  it('no file is written to storage while a database transaction is open: draft upload, adding files, resubmit', async () => {
    const { ctx } = server;
    let open = 0;
    const writesInTransaction: string[] = [];
    const transaction = ctx.db.transaction.bind(ctx.db);
    const putFile = ctx.storage.putFile.bind(ctx.storage);
    ctx.db.transaction = (async (...args: Parameters<typeof transaction>) => {
      open++;
      try {
        return await transaction(...args);
      } finally {
        open--;
      }
    }) as typeof transaction;
    ctx.storage.putFile = async (key, file) => {
      if (open) writesInTransaction.push(key);
      return putFile(key, file);
    };
    try {
      const code = newEan();
      const draft = (
        await supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: await barcodeImage(code) }])
      ).json;
      expect(
        (
          await supplier.upload(`/api/draftSubmissions/${draft.id}/image`, [
            { name: 'back.png', data: await barcodeImage(code) },
          ])
        ).status,
      ).toBe(200);
      const id = await submitDraft(newEan());
      await server.ctx.jobs!.drain();
      await setStatus(admin, id, 'ADMIN_REJECTED', 'Blurry');
      const again = await supplier.upload(
        '/api/productSubmissions/resubmit',
        [{ name: 'sharp.png', data: await barcodeImage(code) }],
        'files',
        { id, upc: code },
      );
      expect(again.status).toBe(200);
      expect(writesInTransaction).toEqual([]);
    } finally {
      ctx.db.transaction = transaction;
      ctx.storage.putFile = putFile;
    }
  });
});
