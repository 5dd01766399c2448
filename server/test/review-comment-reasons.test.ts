import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { FRESH_MARKET, GREEN_VALLEY, NORTHSIDE, submissions } from './support/factories.ts';

/**
 * A review comment's reason code, over HTTP: the reviewer gives one with a comment (the shared schema's
 * `comments[].reasonCode`), and whoever reads the rejection, the supplier included, gets the code and its words: the
 * text of the item's partner's stock reason carrying it (before one for every partner, never another partner's), or
 * the code written out once no stock reason carries it.
 */

let server: TestServer;
let admin: Client;
let supplier: Client;

beforeAll(async () => {
  server = await startTestServer({ DECISION_UNDO_SECONDS: '0' });
  [admin, supplier] = [1, 2].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
});
afterAll(() => server?.close());

const addReason = async (partnerCompanyId: number | null, text: string, code: string) => {
  const res = await admin.post('/api/review/stock-reasons', { partnerCompanyId, text, code });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
};

const COMMENTS_OF = `query($id: ID!) { getProductSubmission(id: $id) {
  reviewComments { target text reasonCode reason }
  history { toStatus comments { text reasonCode reason } } } }`;

describe('reason codes on review comments', () => {
  it("the supplier reads each comment's reason in words: its partner's stock reason, else the code written out", async () => {
    // The same code for every partner, for another partner and for the item's own: the item's partner's words win.
    await addReason(null, 'Photo unclear (any partner).', 'PHOTO_BLUR');
    await addReason(NORTHSIDE, 'Northside says: blurred.', 'PHOTO_BLUR');
    await addReason(FRESH_MARKET, 'The photo is blurred.', 'PHOTO_BLUR');
    const everyPartner = await addReason(null, 'Made up for this test.', 'GONE_SOON');

    const [{ id }] = await submissions(server, [{ company: GREEN_VALLEY, partner: FRESH_MARKET, imported: true }]);
    const decided = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'Please fix the photos.',
      comments: [
        { target: 'upc', text: 'The bars are cut off.', reasonCode: 'photo_blur' },
        { target: 'productName', text: 'Say Oats, not Oates.' },
        { target: 'brand', text: 'Brand as on the pack.', reasonCode: 'GONE_SOON' },
      ],
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.json.results[0].outcome).toBe('rejected');
    // The stock reason is removed after the rejection: its code stays on the comment, read as words.
    expect((await admin.request('DELETE', `/api/review/stock-reasons/${everyPartner}`)).status).toBe(204);

    const read = await supplier.graphql(COMMENTS_OF, { id });
    expect(read.json.errors, JSON.stringify(read.json)).toBeUndefined();
    const expected = [
      { target: 'upc', text: 'The bars are cut off.', reasonCode: 'PHOTO_BLUR', reason: 'The photo is blurred.' },
      { target: 'productName', text: 'Say Oats, not Oates.', reasonCode: null, reason: null },
      { target: 'brand', text: 'Brand as on the pack.', reasonCode: 'GONE_SOON', reason: 'Gone soon' },
    ];
    expect(read.json.data.getProductSubmission.reviewComments).toEqual(expected);
    const rejection = read.json.data.getProductSubmission.history.find(
      (h: { toStatus: string }) => h.toStatus === 'ADMIN_REJECTED',
    );
    expect(rejection.comments).toEqual(expected.map(({ target: _target, ...rest }) => rest));
  });

  it('a reason code no stock reason carries is refused with the comment, and nothing is decided', async () => {
    const [{ id }] = await submissions(server, [{ company: GREEN_VALLEY, partner: FRESH_MARKET, imported: true }]);
    const res = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'x',
      comments: [{ target: 'upc', text: 'Check the digits.', reasonCode: 'NOT_A_STOCK_CODE' }],
    });
    expect(res.status).toBe(400);
    const read = await supplier.graphql('query($id: ID!) { getProductSubmission(id: $id) { itemStatus } }', { id });
    expect(read.json.data.getProductSubmission.itemStatus).toBe('SUBMITTED');
  });
});
