import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASON_MAX, REVIEW_MSG } from '@portal/domain';
import { currentRequestId } from '../src/lib/request-context.ts';
import { barcodeImage, plainImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { newestMailTo } from './support/mail.ts';

let server: TestServer;
let supplier: Client;
let admin: Client;
let other: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, admin, other] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) { id upc itemStatus statusDisplayName productName badge detectedUpcs
  rejectionReason { message isAdminRejection } files { fileName imageUrl } history { fromStatus toStatus reason by }
  can { review editName delete appeal resubmit } } }`;
const detail = async (c: Client, id: string) => (await c.graphql(DETAIL, { id })).json;
const setStatus = (c: Client, id: string, status: string, reason?: string) =>
  c.graphql(
    `mutation($id: ID!, $status: DecisionStatus!, $reason: String) { updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }`,
    { id, status, reason },
  );

/** A supplier submits one product whose photo shows `shown` while the UPC entered is `entered`. */
async function submitProduct(shown: string | null, entered: string, name = 'Test product') {
  const image = shown ? await barcodeImage(shown) : await plainImage();
  const draft = (await supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: image }])).json;
  await supplier.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: draft.id,
      input: { files: [{ fileName: 'front.png', upc: entered, productName: name }] },
    },
  );
  const res = await supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: draft.id,
  });
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  await server.ctx.jobs!.drain();
  return res.json.data.submitProductsFromDraftSubmission[0].id as string;
}

const lastMail = (to: string) => newestMailTo(server, to);

describe(`automated checks (${databaseKind})`, () => {
  it('a photo showing the entered UPC stays SUBMITTED for staff, with the Matches Photo badge for staff only', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    const mine = (await detail(supplier, id)).data.getProductSubmission;
    expect(mine).toMatchObject({
      itemStatus: 'SUBMITTED',
      statusDisplayName: 'Submitted',
      badge: null,
      detectedUpcs: ['4006381333931'],
    });
    expect(mine.history).toEqual([
      { fromStatus: 'IN_PROGRESS', toStatus: 'SUBMITTED', reason: null, by: 'Sam Supplier' },
    ]);
    expect((await detail(admin, id)).data.getProductSubmission.badge).toBe('Matches Photo');
  });

  it('a photo with no code is flagged for review but not rejected', async () => {
    const id = await submitProduct(null, '036000291452');
    const d = (await detail(admin, id)).data.getProductSubmission;
    expect(d.itemStatus).toBe('SUBMITTED');
    expect(d.badge).toBe('Flagged for Review');
  });

  it('a photo showing another code is AUTO_REJECTED with the reason, the creator is e-mailed, and an appeal goes to staff only', async () => {
    const id = await submitProduct('4006381333931', '036000291452');
    const d = (await detail(supplier, id)).data.getProductSubmission;
    expect(d.itemStatus).toBe('AUTO_REJECTED');
    expect(d.statusDisplayName).toBe('Rejected automatically');
    expect(d.rejectionReason).toEqual({
      // The typed 12-digit UPC is named in the GTIN-13 form the detected code has.
      message: REVIEW_MSG.barcodeMismatch('4006381333931', '0036000291452'),
      isAdminRejection: false,
    });
    expect(d.can.appeal).toBe(true);
    await server.ctx.jobs!.drain();
    const mail = await lastMail('supplier@example.com');
    expect(mail.subject).toMatch(/Rejected/);
    expect(mail.text).toContain(`/productSubmissions/${id}/resubmit`);
    expect(mail.text).toContain('does not match');

    const appeal = await supplier.graphql(`mutation($id: ID!) { requestValidation(id: $id) { itemStatus } }`, { id });
    expect(appeal.json.data.requestValidation.itemStatus).toBe('SUBMITTED');
    await server.ctx.jobs!.drain();
    expect((await detail(supplier, id)).data.getProductSubmission.itemStatus).toBe('SUBMITTED');
    // An appeal only applies to automatic rejections.
    const again = await supplier.graphql(`mutation($id: ID!) { requestValidation(id: $id) { itemStatus } }`, { id });
    expect(again.json.errors[0].extensions.code).toBe('INVALID_TRANSITION');
  });

  it('an auto-rejected item says so, and its history says who rejected it: the automated checks, then a named reviewer', async () => {
    const id = await submitProduct('4006381333931', '036000291452');
    await server.ctx.jobs!.drain();
    const staffView = (await detail(admin, id)).data.getProductSubmission;
    expect(staffView.statusDisplayName).toBe('Rejected automatically');
    const confirmed = await setStatus(admin, id, 'ADMIN_REJECTED', 'The photo shows another product.');
    expect(confirmed.json.errors, confirmed.text).toBeUndefined();
    const d = (await detail(supplier, id)).data.getProductSubmission;
    expect(d.statusDisplayName).toBe('Rejected');
    expect(
      d.history.map((h: { fromStatus: string; toStatus: string; by: string }) => [h.fromStatus, h.toStatus, h.by]),
    ).toEqual([
      ['IN_PROGRESS', 'SUBMITTED', 'Sam Supplier'],
      ['SUBMITTED', 'AUTO_REJECTED', 'Automated checks'],
      ['AUTO_REJECTED', 'ADMIN_REJECTED', 'Ada Admin'],
    ]);
  });

  it('a resubmission made while the checks of the previous one run is judged by its own UPC and files', async () => {
    const shown = '4006381333931';
    const resubmit = (upc: string, requestId: string) =>
      barcodeImage(shown).then((data) =>
        supplier.upload(
          '/api/productSubmissions/resubmit',
          [{ name: `${upc}.png`, data }],
          'files',
          { id, upc },
          {
            'x-request-id': requestId,
          },
        ),
      );
    const id = await submitProduct(shown, shown);
    await setStatus(admin, id, 'ADMIN_REJECTED', 'Blurry.');
    // A version whose photo does not show its UPC: its checks would reject it...
    expect((await resubmit('036000291452', 'resubmit-wrong-upc')).status).toBe(200);
    const held = holdFirstTransactionOf('resubmit-wrong-upc');
    const running = server.ctx.jobs!.drain();
    try {
      // ...but are held as they are about to decide, while staff reject that version and the supplier corrects it.
      await held.reached;
      expect((await setStatus(admin, id, 'ADMIN_REJECTED', 'Wrong UPC.')).json.errors).toBeUndefined();
      expect((await resubmit(shown, 'resubmit-right-upc')).status).toBe(200);
    } finally {
      held.release();
    }
    await running;
    await server.ctx.jobs!.drain();
    const d = (await detail(admin, id)).data.getProductSubmission;
    expect(d).toMatchObject({ itemStatus: 'SUBMITTED', upc: shown, rejectionReason: null, detectedUpcs: [shown] });
    expect(d.history.map((h: { toStatus: string }) => h.toStatus)).not.toContain('AUTO_REJECTED');
  });
});

/**
 * Holds the first database transaction opened for the request `requestId` (in the jobs it queued, which run under
 * its id) until released: a job stopped at that point while the test changes what it works on.
 */
function holdFirstTransactionOf(requestId: string) {
  const db = server.ctx.db;
  const transaction = db.transaction.bind(db);
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    if (currentRequestId() === requestId) {
      db.transaction = transaction;
      reached();
      await released;
    }
    return transaction(...args);
  }) as typeof transaction;
  return {
    reached: reachedPromise,
    release: () => {
      db.transaction = transaction;
      release();
    },
  };
}

describe(`staff review (${databaseKind})`, () => {
  it('accepting sets ACCEPTED, keeps history and e-mails the creator; an illegal transition is refused', async () => {
    const id = await submitProduct('4006381333931', '4006381333931', 'Acceptable');
    const res = await setStatus(admin, id, 'ACCEPTED');
    expect(res.json.data.updateProductSubmissionStatus.itemStatus).toBe('ACCEPTED');
    const again = await setStatus(admin, id, 'ADMIN_REJECTED', 'changed my mind');
    expect(again.json.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    expect(again.json.errors[0].message).toBe(
      'An item that is accepted (ACCEPTED) cannot be set to rejected (ADMIN_REJECTED).',
    );
    expect((await setStatus(admin, id, 'CATALOGUED')).json.errors[0].message).toContain(
      'Allowed values: ACCEPTED, ADMIN_REJECTED.',
    );
    const h = (await detail(supplier, id)).data.getProductSubmission.history;
    expect(h.at(-1)).toMatchObject({ fromStatus: 'SUBMITTED', toStatus: 'ACCEPTED', by: 'Ada Admin' });
    await server.ctx.jobs!.drain();
    expect((await lastMail('supplier@example.com')).subject).toContain('Acceptable');
  });

  it('rejecting needs a reason; the supplier sees it and resubmits a new photo and UPC, replacing the files', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    expect((await setStatus(admin, id, 'ADMIN_REJECTED')).json.errors[0].message).toBe(
      REVIEW_MSG.rejectionReasonRequired,
    );
    // Longer than the dialog allows (the supplier reads it on the page and in an e-mail): refused, nothing changes.
    const tooLong = await setStatus(admin, id, 'ADMIN_REJECTED', 'y'.repeat(REJECTION_REASON_MAX + 1));
    expect(tooLong.json.errors[0].message).toBe(REVIEW_MSG.rejectionReasonTooLong);
    expect(tooLong.json.errors[0].extensions.fields).toEqual({ reason: REVIEW_MSG.rejectionReasonTooLong });
    expect((await detail(admin, id)).data.getProductSubmission.itemStatus).toBe('SUBMITTED');
    await setStatus(admin, id, 'ADMIN_REJECTED', 'The photo is blurry.');
    const d = (await detail(supplier, id)).data.getProductSubmission;
    expect(d.rejectionReason).toEqual({ message: 'The photo is blurry.', isAdminRejection: true });
    expect(d.can).toMatchObject({ appeal: false, resubmit: true });
    await server.ctx.jobs!.drain();
    expect((await lastMail('supplier@example.com')).text).toContain('Reason: The photo is blurry.');

    const bad = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'new.png', data: await barcodeImage('036000291452') }],
      'files',
      { id, upc: '1234' },
    );
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(REVIEW_MSG.resubmitUpcHint);
    const ok = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'new.png', data: await barcodeImage('036000291452') }],
      'files',
      { id, upc: '036000291452' },
    );
    expect(ok.status).toBe(200);
    await server.ctx.jobs!.drain();
    const after = (await detail(supplier, id)).data.getProductSubmission;
    expect(after).toMatchObject({
      itemStatus: 'SUBMITTED',
      upc: '036000291452',
      rejectionReason: null,
      detectedUpcs: ['0036000291452'],
    });
    expect(after.files.map((f: { fileName: string }) => f.fileName)).toEqual(['new.png']);
    expect((await supplier.get(after.files[0].imageUrl)).status).toBe(200);
    // Not rejected any more: a second resubmission is refused.
    const twice = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'x.png', data: await plainImage() }],
      'files',
      { id, upc: '036000291452' },
    );
    expect(twice.status).toBe(409);
  });

  it('suppliers and read-only administrators cannot accept or reject', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    expect((await setStatus(supplier, id, 'ACCEPTED')).json.errors[0].extensions.code).toBe('FORBIDDEN');
    const viewer = new Client(server.url);
    await viewer.login('viewer@example.com', 'Viewer-demo-1');
    expect((await setStatus(viewer, id, 'ACCEPTED')).json.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await detail(viewer, id)).data.getProductSubmission.can.review).toBe(false);
  });

  it('two staff accepting and rejecting at once leave one consistent result', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    const admin2 = new Client(server.url);
    await admin2.login('admin@example.com', 'Admin-demo-1');
    const [a, b] = await Promise.all([
      setStatus(admin, id, 'ACCEPTED'),
      setStatus(admin2, id, 'ADMIN_REJECTED', 'No.'),
    ]);
    const outcomes = [a.json, b.json].map((j) =>
      j.errors ? j.errors[0].extensions.code : j.data.updateProductSubmissionStatus.itemStatus,
    );
    expect(outcomes.filter((o) => o === 'INVALID_TRANSITION')).toHaveLength(1);
    const d = (await detail(admin, id)).data.getProductSubmission;
    expect(outcomes).toContain(d.itemStatus);
    expect(d.history.filter((h: { fromStatus: string }) => h.fromStatus === 'SUBMITTED')).toHaveLength(1);
  });

  it('a status the decision does not take is refused before anything runs, naming the statuses it takes', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    const allowed = 'Allowed values: ACCEPTED, ADMIN_REJECTED.';
    // As a variable (the web app's way) and as a literal; a staff member and a supplier (the schema closed to them)
    // both read which values the argument takes.
    for (const client of [admin, supplier]) {
      const variable = await setStatus(client, id, 'CATALOGUED');
      expect(variable.json.data ?? null).toBeNull();
      expect(variable.json.errors[0].message).toContain('"CATALOGUED"');
      expect(variable.json.errors[0].message).toContain(allowed);
    }
    const literal = await admin.graphql(
      `mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: "ACCEPTED") { itemStatus } }`,
      { id },
    );
    expect(literal.json.errors[0].message).toContain('Enum "DecisionStatus" cannot represent non-enum value');
    expect(literal.json.errors[0].message).toContain(allowed);
    const tab = await supplier.graphql(`{ getProductSubmissionsByStatuses(tab: pendng) { total } }`);
    expect(tab.json.errors[0].message).toContain(
      'Allowed values: accepted, all, archived, drafts, pending, rejected, requires_action.',
    );
    expect((await detail(admin, id)).data.getProductSubmission.itemStatus).toBe('SUBMITTED');
  });

  it('the product name can be edited (trimmed, symbols stripped)', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    const res = await supplier.graphql(
      `mutation($id: ID!, $name: String!) { updateProductSubmissionProductName(id: $id, name: $name) { productName } }`,
      {
        id,
        name: '  Tasty ★ Soup  ',
      },
    );
    expect(res.json.data.updateProductSubmissionProductName.productName).toBe('Tasty Soup');
  });
});

describe(`activity and who sees what (${databaseKind})`, () => {
  it('lists a tab newest first with a total, paged by 10; staff see every company, suppliers their own', async () => {
    const page = async (c: Client, tab: string, p = 1) =>
      (
        await c.graphql(
          `query($tab: ActivityTab, $page: Int) { getProductSubmissionsByStatuses(tab: $tab, page: $page) { total page pageSize items { kind id itemStatus upc } } }`,
          { tab, page: p },
        )
      ).json.data.getProductSubmissionsByStatuses;
    const mine = await page(supplier, 'pending');
    expect(mine.pageSize).toBe(10);
    expect(mine.items.every((i: { itemStatus: string }) => i.itemStatus === 'SUBMITTED')).toBe(true);
    expect(mine.total).toBeGreaterThan(0);
    expect((await page(other, 'pending')).total).toBe(0);
    expect((await page(admin, 'pending')).total).toBe(mine.total);
    const draft = (await supplier.upload('/api/draftSubmissions', [{ name: 'd.png', data: await plainImage() }])).json;
    const req = await page(supplier, 'requires_action');
    expect(req.items[0]).toMatchObject({ kind: 'Draft', id: draft.id, itemStatus: 'IN_PROGRESS', upc: null });
    const all = await page(supplier, 'all');
    expect(all.items.map((i: { itemStatus: string }) => i.itemStatus)).not.toContain('IN_PROGRESS');
  });

  it('a supplier of another company gets "not found" for every query and mutation of a submission', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    const code = async (q: string, vars: Record<string, unknown>) =>
      (await other.graphql(q, vars)).json.errors?.[0].extensions.code;
    expect(await code(DETAIL, { id })).toBe('NOT_FOUND');
    expect(await code(`query($ids: [ID!]!) { getProductSubmissions(ids: $ids) { id } }`, { ids: [id] })).toBe(
      'NOT_FOUND',
    );
    expect(
      await code(`mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { id } }`, { id }),
    ).toBe('NOT_FOUND');
    expect(
      await code(`mutation($id: ID!) { updateProductSubmissionProductName(id: $id, name: "x") { id } }`, { id }),
    ).toBe('NOT_FOUND');
    expect(await code(`mutation($id: ID!) { requestValidation(id: $id) { id } }`, { id })).toBe('NOT_FOUND');
    expect(await code(`mutation($id: ID!) { deleteProductSubmission(id: $id) }`, { id })).toBe('NOT_FOUND');
    expect((await other.get(`/api/productSubmissions/${id}/image/front.png`)).status).toBe(404);
    const resub = await other.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'x.png', data: await plainImage() }],
      'files',
      { id, upc: '036000291452' },
    );
    expect(resub.status).toBe(404);
    expect((await detail(supplier, id)).data.getProductSubmission.itemStatus).toBe('SUBMITTED');
  });

  it('deleting a submission removes it from the list', async () => {
    const id = await submitProduct('4006381333931', '4006381333931');
    expect(
      (await supplier.graphql(`mutation($id: ID!) { deleteProductSubmission(id: $id) }`, { id })).json.data
        .deleteProductSubmission,
    ).toBe(true);
    expect((await detail(supplier, id)).errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
