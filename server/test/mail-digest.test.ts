import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import { toEan13 } from '@portal/domain';
import { jobs, mailDigestItems, mailOutbox, users } from '../src/db/schema.ts';
import { createSubmissions } from '../src/modules/submissions/lifecycle.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

/**
 * Suppliers hear once, usefully: a user who chose a digest gets one e-mail per window listing the company's decided
 * items, each with what to fix, instead of one e-mail per decision; "immediately" keeps one e-mail per decision.
 */

let server: TestServer;
let admin: Client;
let supplier: Client;
let supplier2: Client;
const GREEN_VALLEY = 1001;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  [admin, supplier, supplier2] = [1, 2, 3].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await supplier2.login('supplier2@example.com', 'Supplier-demo-2');
});
afterAll(() => server?.close());

let serial = 0;
/** A pending submission of the demo supplier (Green Valley Foods). */
async function pending(productName: string): Promise<string> {
  const [{ id: userId }] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'supplier@example.com'));
  const body = `79${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(7, '0')}`;
  const sum = body.split('').reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  const upc = body + String((10 - (sum % 10)) % 10);
  const [row] = await server.database.db.transaction((tx) =>
    createSubmissions(
      tx,
      [
        {
          companyId: GREEN_VALLEY,
          userId,
          partnerCompanyId: null,
          upc,
          ean13Upc: toEan13(upc)!,
          productName,
          isImported: true,
          files: [
            {
              fileName: 'front.png',
              storageKey: `test/none-${upc}-front.png`,
              kind: 'png' as const,
              size: 100,
              detectionStatus: 'done' as const,
            },
          ],
          from: null,
        },
      ],
      { actor: 'system', userId: null },
    ),
  );
  await server.ctx.jobs!.drain();
  return row.id;
}

const mailsTo = (to: string, afterId: number) =>
  server.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), gt(mailOutbox.id, afterId)))
    .orderBy(mailOutbox.id);
const lastMailId = async () =>
  (await server.database.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]
    ?.id ?? 0;

describe(`decision digest (${databaseKind})`, () => {
  it('each user chooses immediately, hourly or daily on their own account; the choice is validated', async () => {
    expect((await supplier.get('/api/user/mail-digest')).json).toEqual({ mailDigest: 'immediate' });
    expect((await supplier.put('/api/user/mail-digest', { mailDigest: 'weekly' })).status).toBe(400);
    expect((await new Client(server.url).put('/api/user/mail-digest', { mailDigest: 'daily' })).status).toBe(401);
    expect((await supplier2.put('/api/user/mail-digest', { mailDigest: 'daily' })).json).toEqual({
      mailDigest: 'daily',
    });
    expect((await supplier2.get('/api/user/mail-digest')).json).toEqual({ mailDigest: 'daily' });
    expect((await supplier.get('/api/user/mail-digest')).json).toEqual({ mailDigest: 'immediate' });
    await supplier2.put('/api/user/mail-digest', { mailDigest: 'immediate' });
  });

  it('several decisions make one hourly digest e-mail with each item and what to fix; nothing per decision', async () => {
    expect((await supplier.put('/api/user/mail-digest', { mailDigest: 'hourly' })).status).toBe(200);
    const since = await lastMailId();
    const [a, b, c] = [await pending('Oat bar'), await pending('Rye crackers'), await pending('Apple juice')];
    const rejected = await admin.post('/api/review/decisions', {
      ids: [a],
      decision: 'reject',
      reason: 'The photo does not show the product.',
      comments: [{ target: 'productName', text: 'Spell out the size: 40 g.' }],
    });
    expect(rejected.status, rejected.text).toBe(200);
    await admin.post('/api/review/decisions', { ids: [b], decision: 'reject', reason: 'The UPC does not match.' });
    await admin.post('/api/review/decisions', { ids: [c], decision: 'accept' });
    await server.ctx.jobs!.drain();

    // No e-mail per decision; one digest job for the window, due at the next full hour.
    expect(await mailsTo('supplier@example.com', since)).toEqual([]);
    const queued = await server.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'submissions.digestMail'), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0].runAt.getUTCMinutes()).toBe(0);
    expect(queued[0].runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await server.database.db.select().from(mailDigestItems)).toHaveLength(3);

    // The hour comes.
    await server.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, queued[0].id));
    await server.ctx.jobs!.drain();
    const digests = await mailsTo('supplier@example.com', since);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest.subject).toBe("Product Hub: 3 decisions on Green Valley Foods's products");
    expect(digest.text).toContain('Oat bar (UPC');
    expect(digest.text).toContain('The photo does not show the product.');
    expect(digest.text).toContain('What to fix:\n    - Product name: Spell out the size: 40 g.');
    expect(digest.text).toContain('Rye crackers (UPC');
    expect(digest.text).toContain('The UPC does not match.');
    expect(digest.text).toContain('Apple juice (UPC');
    expect(digest.text).toContain(`/productSubmissions/${a}/resubmit`);
    expect(digest.text).toContain(`/productSubmissions/${c}`);
    // The second user of the company chose "immediately": the creator's decisions are not theirs to hear.
    expect(await mailsTo('supplier2@example.com', since)).toEqual([]);
    expect(await server.database.db.select().from(mailDigestItems)).toEqual([]);
  });

  it('"immediately" keeps one e-mail per decision, as before', async () => {
    await supplier.put('/api/user/mail-digest', { mailDigest: 'immediate' });
    const since = await lastMailId();
    const [a, b] = [await pending('Pear juice'), await pending('Plum jam')];
    await admin.post('/api/review/decisions', { ids: [a, b], decision: 'accept' });
    await server.ctx.jobs!.drain();
    const mails = await mailsTo('supplier@example.com', since);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Your product Pear juice .*: Accepted$/),
      expect.stringMatching(/^Your product Plum jam .*: Accepted$/),
    ]);
    const left = await server.database.db.select().from(jobs).where(like(jobs.name, 'submissions.digestMail'));
    expect(left.filter((j) => j.status === 'queued')).toEqual([]);
  });
});
