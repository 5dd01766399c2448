import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aSubmission, FRESH_MARKET } from './support/factories.ts';

/**
 * A reviewer's comment on a product fact ("Sodium"), optionally marked where the value is printed on a photo: checked
 * with the shared schema, answered to the supplier's company only, beside the fact (GraphQL and REST v1).
 */

let server: TestServer;
let admin: Client;
let supplier: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer();
  [admin, supplier, other] = [1, 2, 3].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

/** A pending submission of the demo supplier with a front and a nutrition panel photo. */
async function pending(): Promise<string> {
  const row = await aSubmission(server, {
    partner: FRESH_MARKET,
    imported: true,
    name: 'Oat crackers',
    files: [{ name: 'front.png' }, { name: 'panel.png' }],
  });
  return row.id;
}

const MARK = { x: 0.1, y: 0.55, w: 0.5, h: 0.06 };
const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) {
  itemStatus
  reviewComments { target fileName region { x y w h } text }
} }`;

describe(`comments on product facts (${databaseKind})`, () => {
  it('a rejection carries a comment on a fact, and one marked on the photo where the wrong value is printed', async () => {
    const id = await pending();
    const res = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'The nutrition facts disagree with the panel.',
      comments: [
        { target: 'calories', text: 'The panel says 120.' },
        // A file named without a mark is not kept: the comment is on the value, not on the file.
        { target: 'protein', fileName: 'front.png', text: 'Protein is missing.' },
        { target: 'sodium', fileName: 'panel.png', region: MARK, text: 'The panel says 150 mg, not 510 mg.' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0].outcome).toBe('rejected');

    const seen = (await supplier.graphql(DETAIL, { id })).json.data.getProductSubmission;
    expect(seen.itemStatus).toBe('ADMIN_REJECTED');
    expect(seen.reviewComments).toEqual([
      { target: 'calories', fileName: null, region: null, text: 'The panel says 120.' },
      { target: 'protein', fileName: null, region: null, text: 'Protein is missing.' },
      { target: 'sodium', fileName: 'panel.png', region: MARK, text: 'The panel says 150 mg, not 510 mg.' },
    ]);

    const token = (await supplier.tokenClient(['read:productsubmissions'])).client;
    const v1 = await token.get(`/api/v1/submissions/${id}`);
    expect(v1.status).toBe(200);
    expect(v1.json.review_comments.map((c: { target: string }) => c.target)).toEqual(['calories', 'protein', 'sodium']);
    expect(v1.json.review_comments[2]).toMatchObject({ file_name: 'panel.png', region: MARK });

    // Another company's supplier learns nothing of it.
    const hidden = (await other.graphql(DETAIL, { id })).json;
    expect(hidden.data?.getProductSubmission ?? null).toBeNull();
    expect(hidden.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses a fact comment marked without its file, on a file the submission lacks, or on an unknown fact', async () => {
    const id = await pending();
    const reject = (comment: Record<string, unknown>) =>
      admin.post('/api/review/decisions', { ids: [id], decision: 'reject', reason: 'Fix it.', comments: [comment] });
    expect((await reject({ target: 'sodium', region: MARK, text: 'Here.' })).status).toBe(400);
    const unknown = await reject({ target: 'sodium', fileName: 'side.png', region: MARK, text: 'Here.' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('This submission has no file side.png.');
    expect((await reject({ target: 'vitaminQ', text: 'x' })).status).toBe(400);
    const still = (await supplier.graphql(DETAIL, { id })).json.data.getProductSubmission;
    expect(still).toMatchObject({ itemStatus: 'SUBMITTED', reviewComments: [] });
  });
});
