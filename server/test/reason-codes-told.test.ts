/**
 * A rejection's reason codes reach everywhere the rejection is told, over HTTP against the real queue: the supplier's
 * e-mail (in words, with the code to quote), the webhook delivery, the change feed event and the integration API's
 * submission (each code as given); and another company's token learns nothing of them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1FeedPage, v1Submission } from '@portal/domain';
import { jobs } from '../src/db/schema.ts';
import { type Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { newestMailTo } from './support/mail.ts';
import { aSubmission, FRESH_MARKET, GREEN_VALLEY } from './support/factories.ts';

/** A loopback receiver that answers 200 and keeps every body. */
function startReceiver() {
  const bodies: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('thanks');
    });
  });
  return new Promise<{ url: string; bodies: string[]; close: () => Promise<void> }>((resolve) =>
    receiver.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        bodies,
        close: () => new Promise((r) => receiver.close(() => r())),
      }),
    ),
  );
}

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let ownToken: Client;
let strangerToken: Client;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  c = await demoClients(server);
  receiver = await startReceiver();
  ownToken = (await c.supplier.tokenClient(['read:productsubmissions'])).client;
  strangerToken = (await c.other.tokenClient(['read:productsubmissions'])).client;
  const addReason = async (partnerCompanyId: number | null, text: string, code: string) => {
    const res = await c.admin.post('/api/review/stock-reasons', { partnerCompanyId, text, code });
    expect(res.status, res.text).toBe(201);
  };
  await addReason(FRESH_MARKET, 'Barcode unreadable.', 'BARCODE_UNREADABLE');
  await addReason(null, 'The photo is blurred.', 'PHOTO_BLUR');
  const hook = await c.supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
    url: receiver.url,
    events: ['submission.status_changed'],
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const lastMailTo = (to: string) => newestMailTo(server, to);

/** The submission rejected by staff with a reason code, one comment with a code and one without; its jobs run. */
async function rejectedWithCodes(reason: string) {
  const { id } = await aSubmission(server, { company: GREEN_VALLEY, partner: FRESH_MARKET, imported: true });
  const decided = await c.admin.post('/api/review/decisions', {
    ids: [id],
    decision: 'reject',
    reason,
    reasonCode: 'BARCODE_UNREADABLE',
    comments: [
      { target: 'upc', text: 'The bars are cut off.', reasonCode: 'PHOTO_BLUR' },
      { target: 'productName', text: 'Say Oats, not Oates.' },
    ],
  });
  expect(decided.status, decided.text).toBe(200);
  expect(decided.json.results[0].outcome).toBe('rejected');
  await server.ctx.jobs!.drain();
  return id;
}

type FeedEvent = { type: string; data: Record<string, unknown> & { submissionId?: string } };
const feedOf = async (client: Client) => {
  const res = await client.get('/api/v1/events?limit=100');
  expect(res.status, res.text).toBe(200);
  return v1FeedPage.parse(res.json).items as FeedEvent[];
};

describe(`reason codes told with a rejection (${databaseKind})`, () => {
  it('the e-mail, the webhook, the change feed and REST v1 carry the codes; another company sees none', async () => {
    receiver.bodies.length = 0;
    const id = await rejectedWithCodes('Barcode unreadable.');

    // (a) The e-mail: each code in words, with the code to quote; the comment without one as before.
    const mail = await lastMailTo('supplier@example.com');
    expect(mail.subject).toMatch(/Rejected/);
    expect(mail.text).toContain('\nReason: Barcode unreadable (BARCODE_UNREADABLE)\n');
    expect(mail.text).toContain('- UPC: The bars are cut off. Reason: The photo is blurred (PHOTO_BLUR)\n');
    expect(mail.text).toContain('- Product name: Say Oats, not Oates.\n');

    // (b) The webhook delivery, camelCase as the rest of its data.
    const bodies = receiver.bodies.map((b) => JSON.parse(b) as FeedEvent);
    const delivered = bodies.find((b) => b.data.submissionId === id && b.data.to === 'ADMIN_REJECTED');
    expect(delivered, JSON.stringify(bodies)).toBeDefined();
    const expectedData = {
      reason: 'Barcode unreadable.',
      reasonCode: 'BARCODE_UNREADABLE',
      comments: [
        expect.objectContaining({ target: 'upc', text: 'The bars are cut off.', reasonCode: 'PHOTO_BLUR' }),
        expect.objectContaining({ target: 'productName', reasonCode: null }),
      ],
    };
    expect(delivered!.data).toMatchObject(expectedData);
    // Its submission.created's status change says no code (nothing was rejected).
    const submitted = bodies.find((b) => b.data.submissionId === id && b.data.to === 'SUBMITTED');
    expect(submitted?.data.reasonCode).toBeNull();

    // (c) The change feed event: the same data as the delivery.
    const feed = await feedOf(ownToken);
    const event = feed.find(
      (e) => e.type === 'submission.status_changed' && e.data.submissionId === id && e.data.to === 'ADMIN_REJECTED',
    );
    expect(event?.data).toMatchObject(expectedData);

    // (d) REST v1: the rejection, its comments and its history entry, snake_case.
    const res = await ownToken.get(`/api/v1/submissions/${id}`);
    expect(res.status, res.text).toBe(200);
    const s = v1Submission.parse(res.json);
    expect(s.rejection).toEqual({
      message: 'Barcode unreadable.',
      by_staff: true,
      reason_code: 'BARCODE_UNREADABLE',
    });
    expect(s.review_comments.map((r) => [r.text, r.reason_code])).toEqual([
      ['The bars are cut off.', 'PHOTO_BLUR'],
      ['Say Oats, not Oates.', null],
    ]);
    const history = s.history.map((h) => [h.to_status, h.reason_code, h.comments.map((r) => r.reason_code)]);
    expect(history.at(-1)).toEqual(['ADMIN_REJECTED', 'BARCODE_UNREADABLE', ['PHOTO_BLUR', null]]);
    expect(history.slice(0, -1).every(([, code]) => code === null)).toBe(true);

    // Another company's token: not the submission, not its events, no code anywhere.
    const stranger = await strangerToken.get(`/api/v1/submissions/${id}`);
    expect([403, 404]).toContain(stranger.status);
    expect(stranger.text).not.toContain('BARCODE_UNREADABLE');
    const strangersFeed = await strangerToken.get('/api/v1/events?limit=100');
    expect(strangersFeed.status).toBe(200);
    expect(strangersFeed.text).not.toContain(id);
    expect(strangersFeed.text).not.toContain('BARCODE_UNREADABLE');
    expect(strangersFeed.text).not.toContain('PHOTO_BLUR');
  });

  it("a reason in the reviewer's own words keeps them, and the e-mail adds the code's words and the code", async () => {
    const id = await rejectedWithCodes('The barcode is cut off on the front photo.');
    const mail = await lastMailTo('supplier@example.com');
    expect(mail.text).toContain(`/productSubmissions/${id}/resubmit`);
    expect(mail.text).toContain(
      '\nReason: The barcode is cut off on the front photo. (Barcode unreadable, BARCODE_UNREADABLE)\n',
    );
  });

  it('a supplier who chose a digest reads the same codes, in words, in the digest', async () => {
    expect((await c.supplier.put('/api/user/mail-digest', { mailDigest: 'hourly' })).status).toBe(200);
    try {
      const id = await rejectedWithCodes('Barcode unreadable.');
      // The hour comes for the digest.
      const due = and(eq(jobs.name, 'submissions.digestMail'), eq(jobs.status, 'queued'));
      await server.database.db.update(jobs).set({ runAt: new Date() }).where(due);
      await server.ctx.jobs!.drain();
      const digest = await lastMailTo('supplier@example.com');
      expect(digest.text).toContain(`/productSubmissions/${id}/resubmit`);
      expect(digest.text).toContain('  Reason: Barcode unreadable (BARCODE_UNREADABLE)\n');
      expect(digest.text).toContain('    - UPC: The bars are cut off. Reason: The photo is blurred (PHOTO_BLUR)\n');
    } finally {
      await c.supplier.put('/api/user/mail-digest', { mailDigest: 'immediate' });
    }
  });
});
