#!/usr/bin/env node
// Product Hub API, worked example (issue 21): with an API token, upload a product photo, read the UPC the portal
// detected on it, submit it, and verify the signed webhooks the portal sends back. Node.js 20+, one dependency
// (standardwebhooks). Run: PORTAL_TOKEN=pst_... PHOTO=./front.jpg node submit-with-token.mjs
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
//   WAIT_SECONDS     how long to keep receiving after submitting (default 0: stop once submitted); a review by
//                    staff then arrives as submission.status_changed
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

const env = process.env;
const PORTAL = (env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const TOKEN = env.PORTAL_TOKEN;
const PHOTO = env.PHOTO;
const RECEIVER_PORT = Number(env.RECEIVER_PORT ?? 4000);
const RECEIVER_URL = env.RECEIVER_URL ?? `http://127.0.0.1:${RECEIVER_PORT}/webhooks`;
const WAIT_SECONDS = Number(env.WAIT_SECONDS ?? 0);
if (!TOKEN || !PHOTO) {
  console.error('Set PORTAL_TOKEN (an API token) and PHOTO (a photo of the product with its barcode).');
  process.exit(2);
}
const auth = { authorization: `Bearer ${TOKEN}` };

/** One REST call; a failure stops the script with the portal's own message. */
async function api(method, route, body) {
  const init = { method, headers: { ...auth } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${PORTAL}${route}`, init);
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json?.message ?? text}`);
  return json;
}

/** One GraphQL operation; errors stop the script. */
async function graphql(query, variables) {
  const { data, errors } = await api('POST', '/graphql', { query, variables });
  if (errors?.length) throw new Error(`GraphQL: ${errors.map((e) => e.message).join('; ')}`);
  return data;
}

// 1. The receiver: verifies each delivery's signature (Standard Webhooks) before trusting a byte of it.
let webhook; // set once the secret is known
const seen = new Set();
const waiters = [];
const receiver = http.createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    let event;
    try {
      event = webhook.verify(raw, req.headers); // throws on a bad signature or a timestamp over 5 minutes off
    } catch (err) {
      console.log(`receiver: refused a delivery (${err.message})`);
      return res.writeHead(400).end('bad signature');
    }
    res.writeHead(204).end(); // answer quickly; work after answering
    if (seen.has(req.headers['webhook-id'])) return; // a retry of a message already handled
    seen.add(req.headers['webhook-id']);
    console.log(`receiver: verified ${event.type} ${JSON.stringify(event.data)}`);
    for (const w of waiters.splice(0)) w(event);
  });
});
await new Promise((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
const nextEvent = (type, seconds = 30) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} webhook within ${seconds} s`)), seconds * 1000);
    const wait = (event) => (event.type === type ? (clearTimeout(timer), resolve(event)) : waiters.push(wait));
    waiters.push(wait);
  });

let registered = null;
try {
  // 2. Who the token acts as, and the webhook: yours (WEBHOOK_SECRET), or one registered now for this receiver.
  const me = await api('GET', '/api/user');
  console.log(`signed in as ${me.email} (company ${me.companyId})`);
  let secret = env.WEBHOOK_SECRET;
  if (!secret) {
    const created = await api('POST', `/api/companies/${me.companyId}/webhooks`, {
      url: RECEIVER_URL,
      events: ['submission.status_changed', 'submission.catalogued'],
    });
    registered = created.webhook.id;
    secret = created.secret; // shown this once: keep it where your receiver can read it
    console.log(`registered webhook ${registered} for ${RECEIVER_URL}`);
  }
  webhook = new Webhook(secret);
  if (registered) {
    const ping = nextEvent('webhook.ping');
    await api('POST', `/api/webhooks/${registered}/ping`);
    await ping;
  }

  // 3. Upload the photo, as the web app's upload page does: a multipart POST with the field "files".
  const form = new FormData();
  form.append('files', new Blob([await readFile(PHOTO)]), path.basename(PHOTO));
  const draft = await api('POST', '/api/draftSubmissions', form);
  const fileName = draft.files[0].fileName;
  console.log(`uploaded ${fileName} as draft ${draft.id}`);

  // 4. The barcode is read in the background: ask GraphQL until the file's detection is done.
  let file;
  for (let i = 0; i < 60; i++) {
    const { getDraftSubmission } = await graphql(
      'query($id: ID!) { getDraftSubmission(id: $id) { files { fileName detectionStatus detectedUpc detectedUpcs } } }',
      { id: draft.id },
    );
    file = getDraftSubmission.files.find((f) => f.fileName === fileName);
    if (file.detectionStatus !== 'pending') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!file.detectedUpc)
    throw new Error(`no UPC could be read from ${fileName} (${file.detectionStatus}); enter it in the portal instead`);
  console.log(`detected UPC ${file.detectedUpc}`);

  // 5. Name it and submit.
  await graphql(
    'mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }',
    {
      id: draft.id,
      input: { files: [{ fileName, upc: file.detectedUpc, productName: env.PRODUCT_NAME ?? path.parse(PHOTO).name }] },
    },
  );
  const { submitProductsFromDraftSubmission: submitted } = await graphql(
    'mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id upc itemStatus } }',
    { id: draft.id },
  );
  for (const s of submitted) console.log(`submitted ${s.id} (UPC ${s.upc}, ${s.itemStatus})`);

  // 6. Reviews arrive as signed webhooks while we wait.
  if (WAIT_SECONDS > 0)
    await nextEvent('submission.status_changed', WAIT_SECONDS).catch((err) => console.log(err.message));
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  if (registered) await api('DELETE', `/api/webhooks/${registered}`).catch(() => {});
  receiver.close();
}
