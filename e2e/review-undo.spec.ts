import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { displayUpc } from '@portal/domain';
import { DEMO, mailsTo, pageAt } from './support/fixtures.ts';
import { apiAs, graphql, submitProducts, uniqueEan13 } from './support/seed-api.ts';

// Nothing lost by a slip in the reviewer's workspace: A with a comment waiting asks first, J and K keep an item's
// unsent comments, Z undoes an accept and neither the e-mail nor the webhook about it ever leaves; after Enter adds a
// comment R rejects (focus is back on the item), and a region comment is three keys from the image (M, C, Enter).
// The items are Green Valley Foods' (supplier@) sent to no partner; the test finds its own by UPC.

const GREEN_VALLEY = 1001;
const QUEUE = `partner=0&company=${GREEN_VALLEY}&sort=newest&size=100`;

let receiver: http.Server;
let receiverUrl: string;
/** The webhook bodies the receiver got, parsed. */
const received: { data: { submissionId?: string; to?: string } }[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      try {
        received.push(JSON.parse(body) as (typeof received)[number]);
      } catch {
        // Not an event: ignored.
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/undo-hooks`;
});
test.afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
});

/** Products of Green Valley, submitted, once the automated checks have left them to review: id and UPC, in the queue's order. */
async function pendingItems(supplier: APIRequestContext, admin: APIRequestContext, names: string[]) {
  const upcs = names.map(() => uniqueEan13('40'));
  await submitProducts(
    supplier,
    upcs.map((upc, i) => ({ upc, productName: names[i] })),
  );
  let found: { id: string; upc: string }[] = [];
  await expect
    .poll(
      async () => {
        const { items } = (await (await admin.get(`/api/review/queue?${QUEUE}`)).json()) as {
          items: { id: string; upc: string }[];
        };
        // In the queue's order, newest first: J from the first goes to an item after it.
        found = items.filter((i) => upcs.includes(i.upc));
        return found.length;
      },
      { message: 'the items to wait for review' },
    )
    .toBe(upcs.length);
  return found;
}

test('A with a comment waiting asks; J and K keep the comment; Z undoes an accept and no e-mail or webhook leaves', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  const admin = await apiAs(DEMO.admin);
  const hook = await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
    data: { url: receiverUrl, events: ['submission.status_changed'], active: true },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const tag = uniqueEan13('40').slice(-5);
  const [first, second] = await pendingItems(supplier, admin, [`Undo Oats ${tag}`, `Undo Rye ${tag}`]);
  const statusOf = async (id: string) =>
    (
      await graphql<{ getProductSubmission: { itemStatus: string } }>(
        admin,
        'query($id: ID!) { getProductSubmission(id: $id) { itemStatus } }',
        { id },
      )
    ).getProductSubmission.itemStatus;

  const page = await pageAt(browser, DEMO.admin, `/review/${first.id}?${QUEUE}`);
  const heading = page.getByRole('heading', { level: 1, name: /^Review / });
  await expect(heading).toContainText(displayUpc(first.upc));
  await expect(heading).toBeFocused();

  // C, the text, Enter: the comment is listed and the focus is back on the item, so R rejects instead of typing "r".
  await page.keyboard.press('c');
  await page.keyboard.type('The UPC on the pack ends in 7.');
  await page.keyboard.press('Enter');
  const pending = page.getByRole('list', { name: 'Comments to send with the rejection' });
  await expect(pending.getByRole('listitem')).toHaveText([/^UPC: The UPC on the pack ends in 7\./]);
  await expect(heading).toBeFocused();
  await page.keyboard.press('r');
  const reject = page.getByRole('dialog', { name: 'Reject this item' });
  await expect(reject).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(reject).toHaveCount(0);

  // J to another item and K back: the unsent comment is still there.
  await page.keyboard.press('j');
  await expect(heading).not.toContainText(displayUpc(first.upc));
  await expect(pending).toHaveCount(0);
  await page.keyboard.press('k');
  await expect(heading).toContainText(displayUpc(first.upc));
  await expect(pending.getByRole('listitem')).toHaveText([/^UPC: The UPC on the pack ends in 7\./]);

  // A asks: accept and drop the comment, reject with it, or cancel. Cancel decides nothing.
  await page.keyboard.press('a');
  const ask = page.getByRole('dialog', { name: 'Accept without your comments?' });
  await expect(ask).toContainText('One comment is waiting to go with a rejection.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(await statusOf(first.id)).toBe('SUBMITTED');
  await page.keyboard.press('a');
  await ask.getByRole('button', { name: 'Accept and drop the comments' }).click();

  // Accepted: the next item opens, and the Undo toast offers Z (pressed at once: the window is a clock).
  const undo = page.getByRole('status', { name: 'Last decision' });
  await expect(undo).toContainText(`Accepted ${displayUpc(first.upc)}.`);
  await expect(heading).not.toContainText(displayUpc(first.upc));
  // Z does nothing while a dialog is open, and the question's dialog stays in the page while it fades out.
  await expect(ask).toHaveCount(0);
  await page.keyboard.press('z');
  await expect(undo).toContainText('Undone: the item waits for review again. The supplier was not told.');
  // Back on the undone item, waiting for review.
  await expect(heading).toContainText(displayUpc(first.upc));
  await expect(page.getByRole('button', { name: /^Accept/ })).toBeVisible();
  expect(await statusOf(first.id)).toBe('SUBMITTED');

  // A region comment from the image: M marks the middle of the image (the arrows move it), C writes, Enter adds.
  await page.keyboard.press('m');
  await expect(page.getByRole('group', { name: /Region on the image/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('c');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeFocused();
  await page.keyboard.type('Glare on the code.');
  await page.keyboard.press('Enter');
  await expect(pending.getByRole('listitem')).toHaveText([/: Glare on the code\.$/]);
  await expect(heading).toBeFocused();

  // The second item accepted from its own page and left alone: its e-mail and its webhook come once its window is
  // over. The undone accept's window ended before that one's: had its e-mail or webhook been going to leave, they
  // would be here by now.
  await page.goto(`/review/${second.id}?${QUEUE}`);
  await expect(heading).toContainText(displayUpc(second.upc));
  await page.keyboard.press('a');
  await expect(undo).toContainText(`Accepted ${displayUpc(second.upc)}.`);
  const secondMail = (m: { subject: string }) => m.subject.endsWith(`(UPC ${second.upc}): Accepted`);
  await expect
    .poll(async () => (await mailsTo(DEMO.supplier.email)).some(secondMail), {
      message: "the second item's acceptance e-mail, after its undo window",
    })
    .toBe(true);
  await expect
    .poll(() => received.some((e) => e.data.submissionId === second.id && e.data.to === 'ACCEPTED'), {
      message: "the second item's webhook event",
    })
    .toBe(true);
  expect((await mailsTo(DEMO.supplier.email)).filter((m) => m.subject.includes(`(UPC ${first.upc})`))).toEqual([]);
  expect(received.filter((e) => e.data.submissionId === first.id && e.data.to === 'ACCEPTED')).toEqual([]);
  expect(await statusOf(first.id)).toBe('SUBMITTED');

  await supplier.delete(`/api/webhooks/${((await hook.json()) as { id: number }).id}`);
  await Promise.all([page.context().close(), supplier.dispose(), admin.dispose()]);
});
