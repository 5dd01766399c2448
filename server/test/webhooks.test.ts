/**
 * Signed webhooks (issue 21 item 3): registration, Standard Webhooks signatures checked with the `standardwebhooks`
 * package, retries driven through the job queue, the SSRF guard at registration and at delivery, and who may see what.
 * The receiver is a real HTTP server on loopback, so these run with WEBHOOK_ALLOW_PRIVATE on, turned off where the
 * guard itself is tested.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HANG_LIMIT, roomInRateWindow, until } from './support/wait.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_TEST_HOST, resolvePublicTestHost } from './support/public-host.ts';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MANUAL_SENDS_PER_MINUTE, WEBHOOK_MSG } from '@portal/domain';
import { schedulePurge } from '../src/maintenance.ts';
import { barcodeImage, plainImage } from './fixtures.ts';
import { OFF_MACHINE_REFUSED, takeOffMachineRefusals } from '../src/modules/webhooks/jobs.ts';
import { RETRY_DELAYS_S } from '../src/modules/webhooks/schedule.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { aSubmission, ingestionAccess } from './support/factories.ts';
import { metricSample } from './support/metrics.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback receiver answering with the queued status codes (200 once they run out), recording every request.
 * hold() keeps every answer back until the function it returns is called (a receiver still working on a request).
 */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let holding: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      void (holding ?? Promise.resolve()).then(() =>
        res
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status === 200 ? 'thanks' : `failure ${'x'.repeat(3000)}`),
      );
    });
  });
  return new Promise<{
    url: string;
    received: Received[];
    answers: number[];
    hold: () => () => void;
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        received,
        answers,
        hold: () => {
          let release!: () => void;
          holding = new Promise<void>((r) => (release = r));
          return () => {
            holding = null;
            release();
          };
        },
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const OWNER = 1001;

let restoreResolver: () => void;
beforeAll(async () => {
  restoreResolver = resolvePublicTestHost();
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  c = await demoClients(server);
  receiver = await startReceiver();
});
afterAll(async () => {
  restoreResolver();
  await receiver?.close();
  await server?.close();
});
beforeEach(async () => {
  // Each test starts with a fresh per-company allowance of test events and redeliveries.
  await server.database.db.execute(sql`delete from rate_limit_counters where key like 'webhook-manual-send:%'`);
  server.ctx.config.webhookAllowPrivate = true;
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const register = (client: Client, body: object, companyId = OWNER) =>
  client.post(`/api/companies/${companyId}/webhooks`, body);
const drain = () => server.ctx.jobs!.drain();
/** Brings every scheduled retry forward to now: the test drives the queue instead of waiting out the backoff. */
const retriesDueNow = () =>
  server.database.db.execute(sql`update jobs set run_at = now() where name = 'webhooks.deliver' and status = 'queued'`);
const deliveries = async (id: number) => (await c.supplier.get(`/api/webhooks/${id}/deliveries`)).json;

/** The supplier's product, submitted with a photo of its barcode (so the checks leave it for staff). */
const submitProduct = async (upc: string) =>
  (await aSubmission(server, { upc, name: 'Webhook test product', files: [{ data: await barcodeImage(upc) }] })).id;

describe(`webhooks (${databaseKind})`, () => {
  it('registers an endpoint; the signing secret is shown once and never listed', async () => {
    const res = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(res.json.webhook).toMatchObject({
      companyId: OWNER,
      url: receiver.url,
      events: ['submission.catalogued'],
      active: true,
    });
    const list = await c.supplier.get(`/api/companies/${OWNER}/webhooks`);
    expect(list.text).not.toContain(res.json.secret);
    expect(list.json.map((w: { id: number }) => w.id)).toContain(res.json.webhook.id);
    expect((await register(c.supplier, { url: receiver.url, events: [] })).json.fields.events).toBe(
      WEBHOOK_MSG.eventsRequired,
    );
    await c.supplier.request('DELETE', `/api/webhooks/${res.json.webhook.id}`);
  });

  it('a status change is delivered once per endpoint, signed as Standard Webhooks says (verified with standardwebhooks)', async () => {
    const id = await submitProduct('036000291452');
    const { json } = await register(c.supplier, {
      url: receiver.url,
      events: ['submission.status_changed', 'submission.catalogued'],
    });
    const accepted = await c.admin.graphql(
      `mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { itemStatus } }`,
      { id },
    );
    expect(accepted.json.data.updateProductSubmissionStatus.itemStatus).toBe('ACCEPTED');
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received;
    expect(headers['webhook-id']).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    const event = new Webhook(json.secret).verify(body, headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('submission.status_changed');
    expect(event.data).toMatchObject({ submissionId: id, companyId: OWNER, ean13Upc: '0036000291452', to: 'ACCEPTED' });
    // A wrong secret does not verify: the signature is really over this body.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, 24 bytes!').toString('base64')}`).verify(
        body,
        headers as Record<string, string>,
      ),
    ).toThrow();
    expect(() =>
      new Webhook(json.secret).verify(body.replace('ACCEPTED', 'REJECTED'), headers as Record<string, string>),
    ).toThrow();
    const [delivery] = await deliveries(json.webhook.id);
    expect(delivery).toMatchObject({
      eventType: 'submission.status_changed',
      status: 'SUCCEEDED',
      messageId: headers['webhook-id'],
    });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, error: null, responseExcerpt: 'thanks' }),
    ]);
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  it("a change's deliveries carry its change feed event's id as webhook-id and its time, the same for every endpoint", async () => {
    const id = await submitProduct('4006381333931');
    const endpoints = [
      (await register(c.supplier, { url: receiver.url, events: ['submission.status_changed'] })).json,
      (await register(c.supplier, { url: `${receiver.url}?second`, events: ['submission.status_changed'] })).json,
    ];
    const accepted = await c.admin.graphql(
      `mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { itemStatus } }`,
      { id },
    );
    expect(accepted.json.data.updateProductSubmissionStatus.itemStatus).toBe('ACCEPTED');
    await drain();
    expect(receiver.received).toHaveLength(2);
    // Each signed with its endpoint's secret (in whichever order they arrived).
    const verified = (body: string, headers: Record<string, string>) =>
      endpoints
        .map((e) => {
          try {
            return new Webhook(e.secret).verify(body, headers) as { timestamp: string };
          } catch {
            return null;
          }
        })
        .filter((event) => event !== null);
    const sent = receiver.received.map(({ headers, body }) => ({
      id: headers['webhook-id'],
      event: verified(body, headers as Record<string, string>)[0],
    }));
    expect(sent.every((s) => s.event)).toBe(true);
    expect(sent[0].id).toBe(sent[1].id);
    expect(sent[0].event.timestamp).toBe(sent[1].event.timestamp);
    // The change feed tells the same change under the same id and time.
    const feedEvent = await until(async () => {
      let after = '';
      for (;;) {
        const page = (await c.supplier.get(`/api/v1/events?limit=100${after ? `&after=${after}` : ''}`)).json;
        const found = page.items.find(
          (e: { type: string; data: { submissionId: string; to: string } }) =>
            e.type === 'submission.status_changed' && e.data.submissionId === id && e.data.to === 'ACCEPTED',
        );
        if (found) return found as { id: string; created_at: string };
        if (!page.has_more) return null;
        after = page.next_cursor;
      }
    });
    expect(feedEvent.id).toBe(sent[0].id);
    expect(feedEvent.created_at).toBe(sent[0].event.timestamp);
    const [delivery] = await deliveries(endpoints[0].webhook.id);
    expect(delivery).toMatchObject({ messageId: feedEvent.id, createdDate: feedEvent.created_at });
    for (const e of endpoints) await c.supplier.request('DELETE', `/api/webhooks/${e.webhook.id}`);
  });

  it('a 500 is retried with backoff through the job queue until the receiver answers 2xx, each attempt logged', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.status_changed'] });
    receiver.answers.push(500);
    expect((await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`)).status).toBe(202);
    await drain();
    let [delivery] = await deliveries(json.webhook.id);
    expect(delivery.status).toBe('PENDING');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ attempt: 1, statusCode: 500, error: 'HTTP 500' });
    expect(Buffer.byteLength(delivery.attempts[0].responseExcerpt)).toBeLessThanOrEqual(1024);
    // The retry waits for the schedule's first backoff (5 s; the next is 30 s), counted from the failed attempt's end.
    const failedAt = Date.parse(delivery.attempts[0].startedDate) + delivery.attempts[0].durationMs;
    const due = Date.parse(delivery.nextAttemptDate);
    expect(due - failedAt).toBeGreaterThanOrEqual(RETRY_DELAYS_S[0] * 1000);
    expect(due - failedAt).toBeLessThan(RETRY_DELAYS_S[1] * 1000);
    // Draining before it is due sends nothing. A machine so busy that 5 s have passed since has nothing to show here:
    // the drain may send the retry, which the rest of the test accepts.
    const drainedEarly = Date.now() < due;
    await drain();
    if (drainedEarly) expect(receiver.received).toHaveLength(1);
    await retriesDueNow();
    await drain();
    [delivery] = await deliveries(json.webhook.id);
    expect(delivery.status).toBe('SUCCEEDED');
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    expect(receiver.received).toHaveLength(2);
    // The same message both times (receivers de-duplicate on webhook-id), each signed afresh.
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect(() =>
      new Webhook(json.secret).verify(
        receiver.received[1].body,
        receiver.received[1].headers as Record<string, string>,
      ),
    ).not.toThrow();

    // Redeliver: one more attempt of the same message, logged as attempt 3.
    expect((await c.supplier.post(`/api/webhook-deliveries/${delivery.id}/redeliver`)).status).toBe(202);
    await drain();
    [delivery] = await deliveries(json.webhook.id);
    expect(delivery.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    expect(receiver.received).toHaveLength(3);
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  it('/metrics counts attempts by outcome (status class, timeout, network) and the backlog per endpoint and company', async () => {
    const metric = async (series: string) => metricSample(await server.ctx.metrics.scrape(), series) ?? 0;
    const outcomes = ['2xx', '4xx', '5xx', 'timeout', 'network'];
    const before = Object.fromEntries(
      await Promise.all(outcomes.map(async (o) => [o, await metric(`portal_webhook_attempts_total{outcome="${o}"}`)])),
    );
    /** Sends a test event to the endpoint and runs it; the retry it may schedule is put off past this test. */
    const pingAndRun = async (id: number) => {
      expect((await c.supplier.post(`/api/webhooks/${id}/ping`)).status).toBe(202);
      await drain();
      await server.database.db.execute(
        sql`update jobs set run_at = now() + interval '1 hour' where name = 'webhooks.deliver' and status = 'queued'`,
      );
    };
    // A receiver that takes the request and never answers: the attempt runs to its limit, and is no success.
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    // Nothing listens at this address: the connection is refused.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const endpoint = async (url: string) =>
      (await register(c.supplier, { url, events: ['submission.catalogued'] })).json.webhook.id as number;
    const main = await endpoint(receiver.url);
    const hung = await endpoint(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`);
    const gone = await endpoint(`http://127.0.0.1:${closedPort}/hooks`);
    try {
      await pingAndRun(hung);
      await pingAndRun(gone);
      receiver.answers.push(500, 404);
      for (let i = 0; i < 3; i++) await pingAndRun(main);

      const added = async (o: string) => (await metric(`portal_webhook_attempts_total{outcome="${o}"}`)) - before[o];
      expect(await added('5xx')).toBe(1);
      expect(await added('4xx')).toBe(1);
      expect(await added('2xx')).toBe(1);
      expect(await added('timeout')).toBe(1);
      expect(await added('network')).toBe(1);
      // Still to be sent: the 500 and the 404 to one endpoint, the one that hung and the refused one to theirs.
      const backlog = (id: number) => metric(`portal_webhook_backlog{company="${OWNER}",endpoint="${id}"}`);
      expect([await backlog(main), await backlog(hung), await backlog(gone)]).toEqual([2, 1, 1]);
      expect(
        await metric(`portal_webhook_backlog_oldest_age_seconds{company="${OWNER}",endpoint="${main}"}`),
      ).toBeGreaterThanOrEqual(0);
    } finally {
      for (const id of [main, hung, gone]) await c.supplier.request('DELETE', `/api/webhooks/${id}`);
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
    // An endpoint with nothing left to send has no series.
    expect(await server.ctx.metrics.scrape()).not.toContain(`endpoint="${main}"`);
  });

  it('rotating the secret: the old one keeps signing beside the new one, both verify', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    const rotated = await c.supplier.post(`/api/webhooks/${json.webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(json.secret);
    expect(new Date(rotated.json.webhook.previousSecretValidUntil).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3600_000,
    );
    await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`);
    await drain();
    const [{ headers, body }] = receiver.received;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [json.secret, rotated.json.secret]) {
      expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toMatchObject({
        type: 'webhook.ping',
      });
    }
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  // PostgreSQL only: the test holds the endpoint's row in a transaction of its own, which the embedded database (one
  // connection) cannot do beside the server's requests.
  it.skipIf(databaseKind !== 'postgres')(
    'rotations at once: each keeps the one before it signing (one atomic update, not a read then a write)',
    async () => {
      const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
      const { db } = server.database;
      let rotations: Awaited<ReturnType<Client['post']>>[] = [];
      // Five rotations start while the row is held: each has read the endpoint, and all wait to write it.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from webhook_endpoints where id = ${json.webhook.id} for update`);
        const started = Promise.all(
          Array.from({ length: 5 }, () => c.supplier.post(`/api/webhooks/${json.webhook.id}/rotate-secret`)),
        );
        started.then((r) => (rotations = r)).catch(() => {});
        await vi.waitFor(
          async () => {
            const waiting = await db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
                    and wait_event_type = 'Lock' and query like 'update "webhook_endpoints"%'`,
            );
            expect((waiting as unknown as { rows: { n: number }[] }).rows[0].n).toBe(5);
          },
          { ...HANG_LIMIT, interval: 50 },
        );
      });
      await vi.waitFor(() => expect(rotations).toHaveLength(5), { ...HANG_LIMIT, interval: 50 });
      expect(rotations.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`);
      await drain();
      const [{ headers, body }] = receiver.received;
      const verifies = (secret: string) => {
        try {
          new Webhook(secret).verify(body, headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      };
      // The current and the previous secret are the last two a rotation showed. Read first and written after, the
      // previous one was the secret from before all five, and four of the secrets shown never signed anything.
      expect(rotations.map((r) => verifies(r.json.secret)).filter(Boolean)).toHaveLength(2);
      expect(verifies(json.secret)).toBe(false);
      await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
    },
    60_000,
  );

  it('a Redeliver racing the automatic retry sends once; a failed Redeliver never undoes a success', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    receiver.answers.push(500);
    await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`);
    await drain();
    let [delivery] = await deliveries(json.webhook.id);
    expect(delivery.status).toBe('PENDING');
    // The automatic retry is due and a person presses Redeliver: two jobs for one delivery, run at the same time
    // (two runners), while the receiver takes its time over the first request it gets.
    await retriesDueNow();
    expect((await c.supplier.post(`/api/webhook-deliveries/${delivery.id}/redeliver`)).status).toBe(202);
    const release = receiver.hold();
    let running: Promise<unknown> = Promise.resolve();
    try {
      running = Promise.all([drain(), drain()]);
      // One is sending; the other finds the delivery claimed and ends without sending.
      await vi.waitFor(
        async () => {
          expect(receiver.received).toHaveLength(2);
          const rows = await server.database.db.execute(
            sql`select status from jobs where name = 'webhooks.deliver' and (payload->>'deliveryId')::int = ${delivery.id} and status = 'running'`,
          );
          expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        },
        { ...HANG_LIMIT, interval: 50 },
      );
    } finally {
      release();
    }
    await running;
    [delivery] = await deliveries(json.webhook.id);
    expect(delivery.status).toBe('SUCCEEDED');
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    // Whatever was put back for later finds it delivered.
    await server.database.db.execute(
      sql`update jobs set run_at = now() where name = 'webhooks.deliver' and status = 'queued'`,
    );
    await drain();
    expect(receiver.received).toHaveLength(2);

    // The receiver fails a Redeliver of the delivered message: the attempt is logged, the delivery stays delivered.
    receiver.answers.push(503);
    await c.supplier.post(`/api/webhook-deliveries/${delivery.id}/redeliver`);
    await drain();
    [delivery] = await deliveries(json.webhook.id);
    expect(delivery.status).toBe('SUCCEEDED');
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200, 503]);
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  it('Ping and Redeliver are rate-limited per company (every user of it together), with Retry-After; other companies are not held back', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    const id = json.webhook.id;
    const hold = receiver.hold(); // a receiver that does not answer yet: the sends pile up in the queue
    await roomInRateWindow(server.database.db); // the allowance is per minute: fill it and meet it in one
    const answers: number[] = [];
    for (let i = 0; i < WEBHOOK_MANUAL_SENDS_PER_MINUTE; i++)
      answers.push((await (i % 2 ? c.supplier : c.admin).post(`/api/webhooks/${id}/ping`)).status);
    expect(answers).toEqual(Array(WEBHOOK_MANUAL_SENDS_PER_MINUTE).fill(202));
    const refused = await c.supplier.post(`/api/webhooks/${id}/ping`);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED', message: WEBHOOK_MSG.manualSendsLimited });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Redeliver counts against the same allowance, whoever asks (staff included).
    const [delivery] = await deliveries(id);
    expect((await c.admin.post(`/api/webhook-deliveries/${delivery.id}/redeliver`)).status).toBe(429);
    // Another company's allowance is its own.
    const other = await register(c.other, { url: receiver.url, events: ['submission.catalogued'] }, 1002);
    expect((await c.other.post(`/api/webhooks/${other.json.webhook.id}/ping`)).status).toBe(202);
    hold();
    await drain();
    expect(receiver.received).toHaveLength(WEBHOOK_MANUAL_SENDS_PER_MINUTE + 1);
    await c.supplier.request('DELETE', `/api/webhooks/${id}`);
    await c.other.request('DELETE', `/api/webhooks/${other.json.webhook.id}`);
  });

  it('deliveries older than WEBHOOK_RETENTION_DAYS go with their attempts, in the hourly maintenance', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    for (let i = 0; i < 3; i++) await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`);
    await drain();
    const [young, old, older] = (await deliveries(json.webhook.id)).map((d: { id: number }) => d.id);
    const age = (id: number, days: number) =>
      server.database.db.execute(
        sql`update webhook_deliveries set created_at = now() - make_interval(days => ${days}) where id = ${id}`,
      );
    await age(young, server.ctx.config.webhookRetentionDays - 1);
    await age(old, server.ctx.config.webhookRetentionDays + 1);
    await age(older, 400);
    const errors: unknown[] = [];
    const stop = schedulePurge(server.ctx, (err) => errors.push(err));
    try {
      await vi.waitFor(
        async () => expect((await deliveries(json.webhook.id)).map((d: { id: number }) => d.id)).toEqual([young]),
        { ...HANG_LIMIT, interval: 100 },
      );
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    const attempts = await server.database.db.execute(
      sql`select delivery_id from webhook_attempts where delivery_id in (${old}, ${older})`,
    );
    expect((attempts as unknown as { rows: unknown[] }).rows).toEqual([]);
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  it('the delivery log pages newest first, older and newer from a delivery shown, each page the rows counted from the top', async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    const webhookId = json.webhook.id;
    // 120 deliveries, several sharing a creation time (the id breaks the tie, as the order shown does).
    await server.database.db.execute(sql`
      insert into webhook_deliveries (endpoint_id, company_id, message_id, event_type, body, status, created_at)
      select ${webhookId}, ${OWNER}, 'msg_page_' || ${webhookId} || '_' || g, 'ping', '{}', 'SUCCEEDED',
        now() - (g / 3) * interval '1 minute'
      from generate_series(1, 120) g`);
    const page = async (query = '') => {
      const res = await c.supplier.get(`/api/webhooks/${webhookId}/deliveries${query}`);
      expect(res.status).toBe(200);
      return (res.json as { id: number }[]).map((d) => d.id);
    };
    const everyRow = await page('?limit=100').then(async (top) => [
      ...top,
      ...(await page(`?after=${top.at(-1)}&limit=100`)),
    ]);
    expect(everyRow).toHaveLength(120);
    const first = await page();
    expect(first).toEqual(everyRow.slice(0, 50));
    const second = await page(`?after=${first.at(-1)}`);
    expect(second).toEqual(everyRow.slice(50, 100));
    const third = await page(`?after=${second.at(-1)}`);
    expect(third).toEqual(everyRow.slice(100));
    // Back up from the third page: the second again, then the first.
    expect(await page(`?before=${third[0]}`)).toEqual(second);
    expect(await page(`?before=${second[0]}`)).toEqual(first);
    expect(await page(`?before=${first[0]}`)).toEqual([]);
    // Bad input is a clear 400; another endpoint's delivery is no position in this log.
    for (const query of ['?after=abc', '?limit=0', '?limit=101', `?after=${first[0]}&before=${first[1]}`])
      expect((await c.supplier.get(`/api/webhooks/${webhookId}/deliveries${query}`)).status, query).toBe(400);
    const other = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    expect((await c.supplier.get(`/api/webhooks/${other.json.webhook.id}/deliveries?after=${first[0]}`)).json).toEqual(
      [],
    );
    await c.supplier.request('DELETE', `/api/webhooks/${webhookId}`);
    await c.supplier.request('DELETE', `/api/webhooks/${other.json.webhook.id}`);
  });

  it('bulk ingestion tells a file that needs mapping and the job once all its files are read', async () => {
    await ingestionAccess(server, { companyId: OWNER, folderName: 'hooks_folder', imageSource: 'LOCAL' });
    const { json } = await register(c.supplier, {
      url: receiver.url,
      events: ['ingestion.job_completed', 'ingestion.file_needs_mapping'],
    });
    const job = await c.supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'no-code.png', data: await plainImage(), type: 'image/png' },
      { name: 'coded.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(job.status).toBeLessThan(300);
    await drain();
    const events = receiver.received.map(
      (r) =>
        new Webhook(json.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: any },
    );
    expect(events.map((e) => e.type).sort()).toEqual(['ingestion.file_needs_mapping', 'ingestion.job_completed']);
    expect(events.find((e) => e.type === 'ingestion.file_needs_mapping')!.data).toMatchObject({
      companyId: OWNER,
      filename: 'no-code.png',
    });
    expect(events.find((e) => e.type === 'ingestion.job_completed')!.data.counts).toMatchObject({
      total: 2,
      needsMapping: 1,
      submitted: 1,
    });
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  const REFUSED = [
    'https://127.0.0.1/hooks',
    'https://10.1.2.3/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    // IPv4-translated (::ffff:0:0:0/96) loopback and local-use NAT64 of a private address.
    'https://[::ffff:0:7f00:1]/hooks',
    'https://[64:ff9b:1::a00:1]/hooks',
    'https://localhost/hooks',
  ];

  it('SSRF: loopback, private, metadata and IPv6 forms of them, and a name resolving to loopback are refused at registration', async () => {
    server.ctx.config.webhookAllowPrivate = false;
    for (const url of REFUSED) {
      const res = await register(c.supplier, { url, events: ['submission.catalogued'] });
      expect({ url, status: res.status, field: res.json.fields?.url }).toEqual({
        url,
        status: 400,
        field: WEBHOOK_MSG.privateAddress,
      });
    }
    expect(
      (await register(c.supplier, { url: `http://${PUBLIC_TEST_HOST}/hooks`, events: ['submission.catalogued'] })).json
        .fields.url,
    ).toBe(WEBHOOK_MSG.httpsRequired);
    // A public address is accepted. Registered turned off, and removed at once: no test may send anything there.
    const accepted = await register(c.supplier, {
      url: `https://${PUBLIC_TEST_HOST}/hooks`,
      events: ['submission.catalogued'],
      active: false,
    });
    expect(accepted.status).toBe(201);
    await c.supplier.request('DELETE', `/api/webhooks/${accepted.json.webhook.id}`);
  });

  it('in the test run, a delivery to an address off this machine is refused before any connection, and reported', async () => {
    // The reserved .invalid name resolves, in this process only, to a public address: the guard refuses it before
    // any connection, so no address off this machine is ever named or reached.
    const url = `http://${PUBLIC_TEST_HOST}/hooks`;
    const { json } = await register(c.supplier, { url, events: ['submission.catalogued'] });
    await c.supplier.post(`/api/webhooks/${json.webhook.id}/ping`);
    await drain();
    const [delivery] = await deliveries(json.webhook.id);
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: OFF_MACHINE_REFUSED });
    // The harness fails the file that made such an attempt; this one was on purpose.
    expect(takeOffMachineRefusals()).toEqual([url]);
    await c.supplier.request('DELETE', `/api/webhooks/${json.webhook.id}`);
  });

  it('SSRF: the same targets are refused again at delivery time (an address that turned private, DNS rebinding)', async () => {
    const ids: number[] = [];
    for (const url of [...REFUSED, receiver.url])
      ids.push((await register(c.supplier, { url, events: ['submission.catalogued'] })).json.webhook.id);
    server.ctx.config.webhookAllowPrivate = false;
    for (const id of ids) await c.supplier.post(`/api/webhooks/${id}/ping`);
    await drain();
    expect(receiver.received).toEqual([]); // the loopback receiver was never reached
    for (const id of ids) {
      const [delivery] = await deliveries(id);
      expect(delivery.attempts[0]).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/private or reserved network|https:\/\//),
      });
    }
    for (const id of ids) await c.supplier.request('DELETE', `/api/webhooks/${id}`);
  });

  it("authorisation: another company's supplier neither sees nor touches them; a colleague without the scope is refused; staff reach any company", async () => {
    const { json } = await register(c.supplier, { url: receiver.url, events: ['submission.catalogued'] });
    const id = json.webhook.id;
    await c.supplier.post(`/api/webhooks/${id}/ping`);
    await drain();
    const [delivery] = await deliveries(id);
    for (const [method, path] of [
      ['GET', `/api/companies/${OWNER}/webhooks`],
      ['POST', `/api/companies/${OWNER}/webhooks`],
      ['PUT', `/api/webhooks/${id}`],
      ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
      ['POST', `/api/webhooks/${id}/ping`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhook-deliveries/${delivery.id}/redeliver`],
    ]) {
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : { url: `https://${PUBLIC_TEST_HOST}/x`, events: ['submission.catalogued'] };
      const stranger = await c.other.request(method, path, body);
      expect({ path, method, status: stranger.status }).toEqual({ path, method, status: 404 });
      expect(stranger.text).not.toContain(receiver.url);
      expect((await c.supplier2.request(method, path, body)).status).toBe(403);
      if (method !== 'GET') expect((await c.viewer.request(method, path, body)).status).toBe(403);
    }
    expect((await c.viewer.get(`/api/webhooks/${id}/deliveries`)).status).toBe(200);
    const staff = await c.admin.put(`/api/webhooks/${id}`, {
      url: receiver.url,
      events: ['submission.status_changed'],
      active: false,
    });
    expect(staff.json).toMatchObject({ id, active: false, events: ['submission.status_changed'] });
    expect((await c.anonymous.get(`/api/companies/${OWNER}/webhooks`)).status).toBe(401);
    expect((await c.other.get('/api/companies/1002/webhooks')).json).toEqual([]);
    await c.supplier.request('DELETE', `/api/webhooks/${id}`);
  });
});
