#!/usr/bin/env node
// @ts-check
// Product Hub API, worked example: with an API token and the typed client of the integration API (/api/v1; types
// generated from its OpenAPI document by openapi-typescript into api-schema.d.ts, calls made by openapi-fetch), upload
// a product photo, read the UPC the portal detected on it, name the product, submit it, and follow the decision both
// through the change feed and through the signed webhooks the portal sends back. Node.js 20+, two dependencies
// (openapi-fetch, standardwebhooks). Run: PORTAL_TOKEN=pst_... PHOTO=./front.jpg node submit-with-token.mjs
//
// Settings (environment):
//   PORTAL_URL       the portal (default http://localhost:3000)
//   PORTAL_TOKEN     an API token (Account > API tokens); it needs to submit products and, to register the
//                    webhook, write:webhooks
//   PHOTO            the photo (JPEG, PNG, GIF, TIFF or PDF) showing the product's barcode
//   PRODUCT_NAME     the product's name (default: the file's name)
//   RECEIVER_PORT    where the tiny webhook receiver listens (default 4000)
//   RECEIVER_URL     the address the portal posts to (default http://127.0.0.1:$RECEIVER_PORT/webhooks; a portal
//                    outside your machine needs a public https address that reaches this receiver, and a portal
//                    on your machine needs WEBHOOK_ALLOW_PRIVATE=on to post to 127.0.0.1)
//   WEBHOOK_SECRET   the signing secret of a webhook you registered yourself on the Webhooks page; without it
//                    the script registers one for RECEIVER_URL and deletes it at the end
//   WAIT_SECONDS     how long to wait for the decision after submitting (default 0: stop once submitted); a
//                    review by staff then arrives as submission.status_changed, by webhook and in the change feed
//   READ_SECONDS     how long to wait for the portal to read the photo and for the test webhook (default 120; a
//                    busy portal reads photos in a queue)
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';

const env = process.env;
const PORTAL = (env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const TOKEN = env.PORTAL_TOKEN;
const PHOTO = env.PHOTO;
const RECEIVER_PORT = Number(env.RECEIVER_PORT ?? 4000);
const RECEIVER_URL = env.RECEIVER_URL ?? `http://127.0.0.1:${RECEIVER_PORT}/webhooks`;
const WAIT_SECONDS = Number(env.WAIT_SECONDS ?? 0);
const READ_SECONDS = Number(env.READ_SECONDS ?? 120);
if (!TOKEN || !PHOTO) {
  console.error('Set PORTAL_TOKEN (an API token) and PHOTO (a photo of the product with its barcode).');
  process.exit(2);
}

/** @type {import('openapi-fetch').Client<import('./api-schema').paths>} */
const api = createClient({ baseUrl: PORTAL, headers: { authorization: `Bearer ${TOKEN}` } });

/**
 * The answer's data, or stop with the portal's own message (errors are RFC 9457 problem details with our `code`).
 * @template T
 * @param {Promise<{ data?: T, error?: unknown, response: Response }>} call
 * @returns {Promise<T>}
 */
async function ok(call) {
  const { data, error, response } = await call;
  if (error || data === undefined) {
    const problem = /** @type {{ code?: string, message?: string } | undefined} */ (error);
    throw new Error(`${response.url}: ${response.status} ${problem?.code ?? ''} ${problem?.message ?? ''}`);
  }
  return data;
}

// 1. The receiver: verifies each delivery's signature (Standard Webhooks) before trusting a byte of it.
/** @type {Webhook | undefined} */
let webhook; // set once the secret is known
const seen = new Set();
/** @type {((event: any) => void)[]} */
const waiters = [];
const receiver = http.createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let event;
    try {
      // throws on a bad signature or a timestamp over 5 minutes off
      event = /** @type {any} */ (webhook?.verify(raw, /** @type {Record<string, string>} */ (req.headers)));
    } catch (err) {
      console.log(`receiver: refused a delivery (${/** @type {Error} */ (err).message})`);
      return res.writeHead(400).end('bad signature');
    }
    res.writeHead(204).end(); // answer quickly; work after answering
    if (seen.has(req.headers['webhook-id'])) return; // a retry of a message already handled
    seen.add(req.headers['webhook-id']);
    console.log(`receiver: verified ${event.type} ${JSON.stringify(event.data)}`);
    for (const w of waiters.splice(0)) w(event);
  });
});
await new Promise((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', () => resolve(undefined)));
/**
 * The next delivery that `matches`, within `seconds`.
 * @param {(event: any) => boolean} matches
 */
const nextEvent = (matches, seconds = READ_SECONDS) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such webhook within ${seconds} s`)), seconds * 1000);
    /** @param {any} event */
    const wait = (event) => (matches(event) ? (clearTimeout(timer), resolve(event)) : waiters.push(wait));
    waiters.push(wait);
  });

/** The change feed's newest position: every event after it is yet to come. */
async function feedEnd() {
  /** @type {string | undefined} */
  let after;
  for (;;) {
    const page = await ok(api.GET('/api/v1/events', { params: { query: { after, limit: 100 } } }));
    after = page.next_cursor;
    if (!page.has_more) return after;
  }
}

/** @type {number | null} */
let registered = null;
try {
  // 2. What the token may do and whose it is; the webhook: yours (WEBHOOK_SECRET), or one registered now.
  const me = await ok(api.GET('/api/v1/token'));
  console.log(`signed in as ${me.owner.email} (company ${me.owner.company_id})`);
  console.log(`token scopes: ${me.effective_scopes.join(' ')}`);
  let secret = env.WEBHOOK_SECRET;
  if (!secret) {
    const created = await ok(
      api.POST('/api/companies/{companyId}/webhooks', {
        params: { path: { companyId: me.owner.company_id } },
        body: { url: RECEIVER_URL, events: ['submission.status_changed', 'submission.catalogued'], active: true },
      }),
    );
    registered = created.webhook.id;
    secret = created.secret; // shown this once: keep it where your receiver can read it
    console.log(`registered webhook ${registered} for ${RECEIVER_URL}`);
  }
  webhook = new Webhook(secret);
  if (registered) {
    const ping = nextEvent((e) => e.type === 'webhook.ping');
    await ok(api.POST('/api/webhooks/{webhookId}/ping', { params: { path: { webhookId: registered } } }));
    await ping;
  }
  const feedFrom = await feedEnd();

  // 3. Upload the photo (multipart, the field "files"). The Idempotency-Key makes a retry safe: the same draft.
  const form = new FormData();
  form.append('files', new Blob([await readFile(PHOTO)]), path.basename(PHOTO));
  const uploaded = await ok(
    api.POST('/api/v1/drafts', {
      params: { header: { 'idempotency-key': randomUUID() } },
      body: { files: [] },
      bodySerializer: () => form,
    }),
  );
  const fileName = uploaded.files[0].file_name;
  console.log(`uploaded ${fileName} as draft ${uploaded.id}`);

  // 4. The barcode and the photo checks are read in the background: read the draft until they are.
  let read = await api.GET('/api/v1/drafts/{id}', { params: { path: { id: uploaded.id } } });
  const readBy = Date.now() + READ_SECONDS * 1000;
  while (read.data?.files[0].detection_status === 'pending' && Date.now() < readBy) {
    await new Promise((r) => setTimeout(r, 500));
    read = await api.GET('/api/v1/drafts/{id}', { params: { path: { id: uploaded.id } } });
  }
  const file = (await ok(Promise.resolve(read))).files[0];
  if (!file.detected_upc)
    throw new Error(`no UPC could be read from ${fileName} (${file.detection_status}); enter it in the portal instead`);
  console.log(`detected UPC ${file.detected_upc}`);
  for (const check of file.photo_checks) console.log(`photo check: ${check.message}`);

  // 5. Name it (If-Match: only the draft as read), then submit (Idempotency-Key: a retry answers the same ids).
  await ok(
    api.PATCH('/api/v1/drafts/{id}/files/{file_name}', {
      params: {
        path: { id: uploaded.id, file_name: fileName },
        header: { 'if-match': read.response.headers.get('etag') ?? '*' },
      },
      body: { upc: file.detected_upc, product_name: env.PRODUCT_NAME ?? path.parse(PHOTO).name },
    }),
  );
  const { submissions } = await ok(
    api.POST('/api/v1/drafts/{id}/submit', {
      params: { path: { id: uploaded.id }, header: { 'idempotency-key': randomUUID() } },
    }),
  );
  for (const s of submissions) console.log(`submitted ${s.id} (UPC ${s.upc}, ${s.status})`);

  // 6. The decision, told twice: a signed webhook, and the change feed (which a receiver that was down reads to
  // catch up: every event after its last cursor, in order, none twice).
  if (WAIT_SECONDS > 0) {
    const ids = new Set(submissions.map((s) => s.id));
    /** @param {{ submissionId?: string, to?: string }} data */
    const decided = (data) => ids.has(data.submissionId ?? '') && data.to !== 'SUBMITTED';
    const byWebhook = nextEvent((e) => e.type === 'submission.status_changed' && decided(e.data), WAIT_SECONDS);
    const deadline = Date.now() + WAIT_SECONDS * 1000;
    let after = feedFrom;
    let found = false;
    while (!found && Date.now() < deadline) {
      const page = await ok(api.GET('/api/v1/events', { params: { query: { after, limit: 100 } } }));
      for (const e of page.items)
        if (e.type === 'submission.status_changed' && decided(e.data)) {
          console.log(`change feed: ${e.type} ${e.data.submissionId} ${e.data.from} -> ${e.data.to}`);
          found = true;
        }
      after = page.next_cursor;
      if (!found && !page.has_more) await new Promise((r) => setTimeout(r, 1000));
    }
    await byWebhook.catch((err) => console.log(err.message));
  }
} catch (err) {
  console.error(/** @type {Error} */ (err).message);
  process.exitCode = 1;
} finally {
  if (registered)
    await api
      .DELETE('/api/webhooks/{webhookId}', { params: { path: { webhookId: registered } } })
      .catch(() => undefined);
  receiver.close();
}
