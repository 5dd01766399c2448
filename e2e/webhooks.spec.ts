import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectAccessible } from './support/axe.ts';
import { DEMO, openAccountMenu, signIn } from './support/fixtures.ts';

// Issue 21: a supplier with write:webhooks adds a webhook from the account menu, copies its secret, sends a test
// event to a receiver on loopback (the portal runs with WEBHOOK_ALLOW_PRIVATE=on) and sees the delivery in the log;
// the receiver checks the signature with the secret the page showed. The receiver fails the first time, so the
// log shows a failed attempt, and Redeliver sends it again.

const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const answers: number[] = [];
let receiver: http.Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      res.writeHead(status).end(status === 200 ? 'ok from the e2e receiver' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-hooks/${Date.now()}`;
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

test('a supplier adds a webhook, sends a test event, sees the failed and the redelivered attempt in the log', async ({
  page,
}) => {
  await signIn(page, DEMO.supplier);
  expect(await openAccountMenu(page, 'Sam')).toContain('Webhooks');
  await page.getByRole('menuitem', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('Please enter the URL to send events to.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
  await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
  // An event no other spec causes: the test event is this receiver's only delivery (submissions of the demo
  // company, made by the specs running beside this one, each send a status change).
  await dialog.getByLabel(/An imported file needs a UPC mapping/).check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog.getByText('Copy this signing secret now: it will not be shown again.')).toBeVisible();
  const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: receiverUrl });
  await expect(row.getByText('Active')).toBeVisible();
  answers.push(500);
  await row.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();

  // The log opens for this webhook; the first attempt meets the receiver's 500 and waits for its retry.
  const log = page.getByRole('region', { name: `Deliveries to ${receiverUrl}` });
  await expect(log.getByText('webhook.ping')).toBeVisible();
  await expect(log.getByText(/Attempt 1: 500/)).toBeVisible();
  await expect(log.getByText('Pending')).toBeVisible();
  await expectAccessible(page, 'Webhooks with a delivery log');
  await page.screenshot({ path: 'test-results/webhooks-log.png', fullPage: true });

  await log.getByRole('button', { name: /^Redeliver webhook\.ping/ }).click();
  await expect(log.getByText(/Attempt 2: 200/)).toBeVisible();
  await expect(log.getByText('Delivered')).toBeVisible();

  // What arrived is signed with the secret the page showed once.
  expect(received.length).toBeGreaterThanOrEqual(2);
  const last = received.at(-1)!;
  expect(new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).toMatchObject({
    type: 'webhook.ping',
  });

  // Tidy up: the demo supplier's list stays as it was.
  await row.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  await page.getByRole('dialog', { name: 'Delete webhook?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
