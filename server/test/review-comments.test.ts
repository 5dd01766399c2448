import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, draftFiles, mailOutbox, users, webhookDeliveries } from '../src/db/schema.ts';
import { readBarcodes, readBarcodesDetailed } from '../src/media/barcodes.ts';
import { datasetPhoto, outlineOfTurnedCode } from './fixtures.ts';
import { changeStatus } from '../src/modules/submissions/lifecycle.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aSubmission, FRESH_MARKET, GREEN_VALLEY } from './support/factories.ts';
import { commentsAsReason, WORKSPACE_MSG } from '@portal/domain';

/**
 * A reviewer's comments on the fields and images of a rejection: validated with the shared schema, shown to the
 * supplier's company only (GraphQL and REST), kept in the history and the audit trail, sent in the webhook event.
 * Stock reasons' changes are audited too.
 */

let server: TestServer;
let admin: Client;
let supplier: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  [admin, supplier, other] = [1, 2, 3].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

/** A pending submission of the demo supplier with two checked files (front.png, back.png). */
async function pending(): Promise<string> {
  const row = await aSubmission(server, {
    partner: FRESH_MARKET,
    imported: true,
    name: 'Sparkling water',
    files: [{ name: 'front.png' }, { name: 'back.png' }],
  });
  return row.id;
}

const COMMENTS = [
  { target: 'upc', text: 'The UPC is one digit short.' },
  { target: 'productName', text: 'Spell out the size: 1 l.' },
  { target: 'file', fileName: 'back.png', text: 'The back is out of focus.' },
  { target: 'region', fileName: 'front.png', region: { x: 0.6, y: 0.7, w: 0.3, h: 0.2 }, text: 'Glare on the code.' },
];

const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) {
  itemStatus
  reviewComments { target fileName region { x y w h } text by }
  history { toStatus comments { target text } }
} }`;

describe(`review comments (${databaseKind})`, () => {
  it('a rejection carries comments on the UPC, the product name, a file and a region; the supplier reads each where it belongs (GraphQL and REST), in the history, the audit trail, the e-mail and the webhook', async () => {
    const hook = await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
      url: 'http://127.0.0.1:9/hook',
      events: ['submission.status_changed'],
      active: true,
    });
    expect(hook.status).toBe(201);
    const id = await pending();
    const res = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'Please fix the marked things.',
      comments: COMMENTS,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0].outcome).toBe('rejected');

    const seen = (await supplier.graphql(DETAIL, { id })).json.data.getProductSubmission;
    expect(seen.itemStatus).toBe('ADMIN_REJECTED');
    expect(seen.reviewComments).toEqual([
      { target: 'upc', fileName: null, region: null, text: 'The UPC is one digit short.', by: 'Ada Admin' },
      { target: 'productName', fileName: null, region: null, text: 'Spell out the size: 1 l.', by: 'Ada Admin' },
      { target: 'file', fileName: 'back.png', region: null, text: 'The back is out of focus.', by: 'Ada Admin' },
      {
        target: 'region',
        fileName: 'front.png',
        region: { x: 0.6, y: 0.7, w: 0.3, h: 0.2 },
        text: 'Glare on the code.',
        by: 'Ada Admin',
      },
    ]);
    const rejection = seen.history.at(-1);
    expect(rejection).toMatchObject({ toStatus: 'ADMIN_REJECTED' });
    expect(rejection.comments).toHaveLength(4);

    // Another company's supplier learns nothing of it.
    const hidden = (await other.graphql(DETAIL, { id })).json;
    expect(hidden.data?.getProductSubmission ?? null).toBeNull();
    expect(hidden.errors[0].extensions.code).toBe('NOT_FOUND');

    // The integration API answers them too.
    const token = (await supplier.tokenClient(['read:productsubmissions'])).client;
    const v1 = await token.get(`/api/v1/submissions/${id}`);
    expect(v1.status).toBe(200);
    expect(v1.json.review_comments.map((c: { target: string; file_name: string | null }) => c.file_name)).toEqual([
      null,
      null,
      'back.png',
      'front.png',
    ]);
    expect(v1.json.history.at(-1).comments).toHaveLength(4);

    const [audit] = await server.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'submission.rejected'), eq(auditLog.targetId, id)));
    expect(audit.after).toMatchObject({ status: 'ADMIN_REJECTED', comments: expect.arrayContaining([]) });
    expect((audit.after as { comments: unknown[] }).comments).toHaveLength(4);

    const events = await server.database.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'submission.status_changed'));
    const event = events
      .map((e) => JSON.parse(e.body))
      .find((b) => b.data.submissionId === id && b.data.to === 'ADMIN_REJECTED');
    // No reason codes were given: each comment says so (null), as the rejection does.
    expect(event.data.reasonCode).toBeNull();
    expect(event.data.comments).toEqual([
      { target: 'upc', fileName: null, region: null, text: 'The UPC is one digit short.', reasonCode: null },
      { target: 'productName', fileName: null, region: null, text: 'Spell out the size: 1 l.', reasonCode: null },
      { target: 'file', fileName: 'back.png', region: null, text: 'The back is out of focus.', reasonCode: null },
      {
        target: 'region',
        fileName: 'front.png',
        region: { x: 0.6, y: 0.7, w: 0.3, h: 0.2 },
        text: 'Glare on the code.',
        reasonCode: null,
      },
    ]);

    // The e-mail to the supplier lists them under what to fix.
    await server.ctx.jobs!.drain();
    const mails = await server.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'supplier@example.com'));
    const mail = mails.map((m) => m.text).find((t) => t.includes(id) && t.includes('What to fix'));
    expect(mail).toContain(
      [
        'What to fix:',
        '- UPC: The UPC is one digit short.',
        '- Product name: Spell out the size: 1 l.',
        '- File back.png: The back is out of focus.',
        '- The bottom right area of front.png: Glare on the code.',
      ].join('\n'),
    );

    // Back in review (a resubmission): no comments stand any more, the history keeps them.
    const [{ id: userId }] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'supplier@example.com'));
    await server.database.db.transaction((tx) => changeStatus(tx, id, 'SUBMITTED', { actor: 'supplier', userId }));
    const after = (await supplier.graphql(DETAIL, { id })).json.data.getProductSubmission;
    expect(after.reviewComments).toEqual([]);
    expect(after.history.find((h: { toStatus: string }) => h.toStatus === 'ADMIN_REJECTED').comments).toHaveLength(4);
  });

  it('refuses comments that do not fit: an unknown file, a region off the image, an empty text, with an accept or on several items', async () => {
    const [a, b] = [await pending(), await pending()];
    const reject = (body: Record<string, unknown>) =>
      admin.post('/api/review/decisions', { ids: [a], decision: 'reject', reason: 'Fix it.', ...body });
    const unknown = await reject({ comments: [{ target: 'file', fileName: 'side.png', text: 'Blurry.' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('This submission has no file side.png.');
    const off = await reject({
      comments: [{ target: 'region', fileName: 'front.png', region: { x: 0.8, y: 0, w: 0.5, h: 0.5 }, text: 'x' }],
    });
    expect(off.status).toBe(400);
    expect(off.text).toContain('The region must lie on the image.');
    expect((await reject({ comments: [{ target: 'upc', text: '   ' }] })).status).toBe(400);
    expect((await reject({ comments: [{ target: 'region', fileName: 'front.png', text: 'Where?' }] })).status).toBe(
      400,
    );
    const accept = await admin.post('/api/review/decisions', {
      ids: [a],
      decision: 'accept',
      comments: [{ target: 'upc', text: 'Fine.' }],
    });
    expect(accept.status).toBe(400);
    const both = await admin.post('/api/review/decisions', {
      ids: [a, b],
      decision: 'reject',
      reason: 'Fix it.',
      comments: [{ target: 'upc', text: 'Short.' }],
    });
    expect(both.status).toBe(400);
    // Nothing of it was applied.
    const still = (await supplier.graphql(DETAIL, { id: a })).json.data.getProductSubmission;
    expect(still).toMatchObject({ itemStatus: 'SUBMITTED', reviewComments: [] });
    // A supplier cannot decide, with or without comments.
    const forbidden = await supplier.post('/api/review/decisions', {
      ids: [a],
      decision: 'reject',
      reason: 'Mine.',
      comments: [{ target: 'upc', text: 'x' }],
    });
    expect(forbidden.status).toBe(403);
  });

  it('a rejection with comments and no reason of its own takes the comments as its reason; without either it is refused', async () => {
    const a = await pending();
    const bare = await admin.post('/api/review/decisions', { ids: [a], decision: 'reject' });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain(WORKSPACE_MSG.reasonRequired);
    const res = await admin.post('/api/review/decisions', {
      ids: [a],
      decision: 'reject',
      comments: [{ target: 'upc', text: 'The UPC does not match the barcode on the pack.' }],
    });
    expect(res.status, res.text).toBe(200);
    const rejected = (await supplier.graphql(DETAIL, { id: a })).json.data.getProductSubmission;
    expect(rejected.itemStatus).toBe('ADMIN_REJECTED');
    expect(rejected.reviewComments).toHaveLength(1);
    const reason = await supplier.graphql(
      'query($id: ID!) { getProductSubmission(id: $id) { rejectionReason { message } } }',
      {
        id: a,
      },
    );
    expect(reason.json.data.getProductSubmission.rejectionReason).toEqual({ message: commentsAsReason(1) });
  });

  it('stock reasons added and removed are in the audit trail: who, which reason, before and after', async () => {
    const added = await admin.post('/api/review/stock-reasons', {
      partnerCompanyId: FRESH_MARKET,
      text: 'No nutrition panel',
    });
    expect(added.status).toBe(201);
    expect((await admin.request('DELETE', `/api/review/stock-reasons/${added.json.id}`)).status).toBe(204);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'stock_reason'), eq(auditLog.targetId, String(added.json.id))))
      .orderBy(auditLog.id);
    const [{ id: adminId }] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    expect(rows.map((r) => [r.action, r.actorUserId, r.before, r.after])).toEqual([
      ['review.stock_reason_added', adminId, null, { text: 'No nutrition panel', partnerCompanyId: FRESH_MARKET }],
      ['review.stock_reason_removed', adminId, { text: 'No nutrition panel', partnerCompanyId: FRESH_MARKET }, null],
    ]);
    // The audit page lists them.
    const listed = await admin.get('/api/audit?action=review.stock_reason_added');
    expect(listed.status, listed.text).toBe(200);
    expect(JSON.stringify(listed.json)).toContain('No nutrition panel');
  });

  it('keeps where the code was read on a real photo: the region stored with the file holds the code, and the submission answers it', async () => {
    const photo = datasetPhoto('ean13-1/2.png');
    const draft = await supplier.upload('/api/draftSubmissions', [
      { name: 'corn.png', data: photo.data, type: 'image/png' },
    ]);
    expect(draft.status, draft.text).toBe(201);
    await server.ctx.jobs!.drain();
    const [file] = await server.database.db
      .select({ region: draftFiles.barcodeRegion, codes: draftFiles.detectedUpcs })
      .from(draftFiles)
      .where(eq(draftFiles.draftId, draft.json.id));
    expect(file.codes).toEqual([photo.expected]);
    const region = file.region!;
    expect(region).not.toBeNull();
    // A box on the image, well inside it: the label, not the whole can.
    expect(region.x).toBeGreaterThan(0);
    expect(region.y).toBeGreaterThan(0);
    expect(region.x + region.w).toBeLessThan(1);
    expect(region.y + region.h).toBeLessThan(1);
    expect(region.w * region.h).toBeLessThan(0.25);
    // The code is there: the region cut out (with a small margin) reads the same code.
    const { width, height } = await sharp(photo.data).metadata();
    const margin = 0.03;
    const left = Math.max(0, Math.round((region.x - margin) * width!));
    const top = Math.max(0, Math.round((region.y - margin) * height!));
    const cut = await sharp(photo.data)
      .extract({
        left,
        top,
        width: Math.min(width! - left, Math.round((region.w + 2 * margin) * width!)),
        height: Math.min(height! - top, Math.round((region.h + 2 * margin) * height!)),
      })
      .png()
      .toBuffer();
    expect((await readBarcodes(cut, 'png')).codes).toEqual([photo.expected]);

    const id = await submitDraft(draft.json.id, 'corn.png', photo.expected);
    const detail = await admin.graphql(
      `query($id: ID!) { getProductSubmission(id: $id) { files { barcodeRegion { x y w h } } } }`,
      {
        id,
      },
    );
    const { x, y, w, h } = region;
    expect(detail.json.data.getProductSubmission.files[0].barcodeRegion).toEqual({ x, y, w, h });
  });

  it("outlines a code turned by 60° at its angle: the outline's corners turn with the photo (GraphQL and REST)", async () => {
    const photo = datasetPhoto('ean13-1/5.png');
    const original = await sharp(photo.data).metadata();
    const turnedPng = await sharp(photo.data).rotate(60, { background: '#ffffff' }).png().toBuffer();
    const size = await sharp(turnedPng).metadata();
    const [W, H] = [size.width!, size.height!];
    const draft = await supplier.upload('/api/draftSubmissions', [
      { name: 'turned.png', data: turnedPng, type: 'image/png' },
    ]);
    expect(draft.status, draft.text).toBe(201);
    await server.ctx.jobs!.drain();
    const id = await submitDraft(draft.json.id, 'turned.png', photo.expected);
    const detail = await admin.graphql(
      `query($id: ID!) { getProductSubmission(id: $id) { files { detectedUpcs barcodeRegion { x y w h } barcodeOutline { x y } } } }`,
      { id },
    );
    const file = detail.json.data.getProductSubmission.files[0];
    expect(file.detectedUpcs).toEqual([photo.expected]);
    const corners: { x: number; y: number }[] = file.barcodeOutline.map((p: { x: number; y: number }) => ({
      x: p.x * W,
      y: p.y * H,
    }));
    expect(corners).toHaveLength(4);
    // The sides run along and across the turned bars (60° and 150°), not upright. It covers the bars: the middle of
    // the code read in the upright photo, turned as the photo was, lies in the outline's middle, and the outline is as
    // long as the upright code is wide (±15 %).
    const read = (await readBarcodesDetailed(photo.data, 'png')).region!;
    const upright = { width: original.width!, height: original.height! };
    const fit = outlineOfTurnedCode(corners, {
      degrees: 60,
      original: upright,
      turned: { width: W, height: H },
      code: {
        x: (read.x + read.w / 2) * upright.width,
        y: (read.y + read.h / 2) * upright.height,
        width: read.w * upright.width,
      },
    });
    expect(Math.abs(fit.sides[0] - 60), JSON.stringify(fit)).toBeLessThan(8);
    expect(Math.abs(fit.sides[1] - 150), JSON.stringify(fit)).toBeLessThan(8);
    expect(fit.offCentre).toBeLessThan(0.06 * Math.max(W, H));
    expect(Math.abs(fit.lengthRatio - 1)).toBeLessThan(0.15);
    // The rectangle around it holds every corner; REST answers the same corners.
    const box = file.barcodeRegion;
    for (const p of file.barcodeOutline) {
      expect(p.x).toBeGreaterThanOrEqual(box.x - 1e-4);
      expect(p.x).toBeLessThanOrEqual(box.x + box.w + 1e-4);
    }
    const token = (await supplier.tokenClient(['read:productsubmissions'])).client;
    const v1 = await token.get(`/api/v1/submissions/${id}`);
    expect(v1.status, v1.text).toBe(200);
    expect(v1.json.files[0].barcode_region.corners).toEqual(file.barcodeOutline);
  });
});

/** Names the draft's one file as the product and submits it; the submission's id. */
async function submitDraft(draftId: string, fileName: string, upc: string): Promise<string> {
  await supplier.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    { id: draftId, input: { files: [{ fileName, upc, productName: 'Sweet corn' }] } },
  );
  const submitted = await supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: draftId,
  });
  expect(submitted.json.errors, submitted.text).toBeUndefined();
  return submitted.json.data.submitProductsFromDraftSubmission[0].id;
}
