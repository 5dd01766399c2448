import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { READ_FROM_DIGITS } from '@portal/domain';
import { draftFiles, submissionFiles } from '../src/db/schema.ts';
import { damagedBarcodePng } from './support/media-files.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

// Issue 20 item 6: a code read from the digits printed under bars no reader could decode is stored and shown as such.
let server: TestServer;
let supplier: Client;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  admin = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
});
afterAll(() => server?.close());

describe(`codes read from printed digits (${databaseKind})`, () => {
  it('stores the code with source digits on the draft file, keeps it on the submission file, and staff see the note', async () => {
    const created = await supplier.upload('/api/draftSubmissions', [
      {
        name: 'creased.png',
        data: await damagedBarcodePng('ean13', '4006381333931', '4 006381 333931'),
        type: 'image/png',
      },
    ]);
    expect(created.status).toBe(201);
    const id = created.json.id;
    await server.ctx.jobs!.drain();

    const draft = await supplier.graphql(
      `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectedUpcs detectedFrom detectionStatus } } }`,
      { id },
    );
    expect(draft.json.data.getDraftSubmission.files).toEqual([
      {
        detectedUpc: '4006381333931',
        detectedUpcs: ['4006381333931'],
        detectedFrom: 'digits',
        detectionStatus: 'done',
      },
    ]);
    const [row] = await server.database.db.select().from(draftFiles).where(eq(draftFiles.draftId, id));
    expect(row.detectedFrom).toBe('digits');

    const submitted = await supplier.graphql(
      `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`,
      { id },
    );
    expect(submitted.json.errors).toBeUndefined();
    const [{ id: submissionId }] = submitted.json.data.submitProductsFromDraftSubmission;
    const [file] = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, submissionId));
    expect(file.detectedFrom).toBe('digits');

    const query = `query($id: ID!) { getProductSubmission(id: $id) { badge badgeNote files { detectedUpcs detectedFrom } } }`;
    const staffView = (await admin.graphql(query, { id: submissionId })).json.data.getProductSubmission;
    expect(staffView).toEqual({
      badge: 'Matches Photo',
      badgeNote: READ_FROM_DIGITS,
      files: [{ detectedUpcs: ['4006381333931'], detectedFrom: 'digits' }],
    });
    // Suppliers see how the code was read on the file, but not the staff badge.
    const supplierView = (await supplier.graphql(query, { id: submissionId })).json.data.getProductSubmission;
    expect(supplierView).toMatchObject({ badge: null, badgeNote: null });
  });
});
