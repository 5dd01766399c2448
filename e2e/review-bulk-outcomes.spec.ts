import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { displayUpc } from '@portal/domain';
import { E2E } from '../playwright.config.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, submitProducts, uniqueEan13 } from './support/seed-api.ts';

// A bulk decision where another reviewer decided one of the selected items meanwhile. The items are Blue Harbor
// Snacks' (other@) sent to no partner; the test picks its own three by UPC, whatever else the queue holds.

const BLUE_HARBOR = 1002;
const QUEUE = `/review?partner=0&company=${BLUE_HARBOR}&size=100&sort=newest`;

/** Three products in one draft (one photo each, its code typed as read), submitted; their UPCs. */
async function submitThree(api: APIRequestContext): Promise<string[]> {
  const upcs = Array.from({ length: 3 }, () => uniqueEan13('41'));
  await submitProducts(
    api,
    upcs.map((upc) => ({ upc, productName: `Pretzels ${upc}` })),
  );
  return upcs;
}

/** A second reviewer: Stella Staff, signed in through the staff SSO (the loopback OpenID Connect provider). */
async function secondReviewer(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/admin');
  await page.getByRole('link', { name: 'Continue with Staff SSO' }).click();
  await page.getByPlaceholder('Enter any login').fill('staff-admin');
  await page.getByPlaceholder('and password').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${E2E.portal}/activity/pending`);
  return page;
}

test('a reviewer accepting items of which another reviewer decided one meanwhile sees each item’s outcome', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.other);
  const upcs = await submitThree(supplier);
  const admin = await apiAs(DEMO.admin);
  // The automated checks leave each item SUBMITTED (its photo shows the code typed).
  let ids: string[] = [];
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api${QUEUE.replace('/review', '/review/queue')}`);
        const { items } = (await res.json()) as { items: { id: string; upc: string }[] };
        ids = upcs.map((upc) => items.find((i) => i.upc === upc)?.id ?? '').filter(Boolean);
        return ids.length;
      },
      { message: 'the three items to wait for review' },
    )
    .toBe(3);

  const page = await pageAt(browser, DEMO.admin, QUEUE);
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  for (const upc of upcs) await page.getByRole('checkbox', { name: `Select ${displayUpc(upc)}` }).check();
  await expect(page.getByText('3 selected')).toBeVisible();

  // Meanwhile Stella accepts the first of them from her own session.
  const stella = await secondReviewer(browser);
  const first = await stella.request.post('/api/review/decisions', {
    data: { ids: [ids[0]], decision: 'accept' },
    headers: { origin: E2E.portal },
  });
  expect(first.status(), await first.text()).toBe(200);

  await page.getByRole('button', { name: 'Accept selected' }).click();
  // The count is confirmed before anything is decided.
  await page.getByRole('dialog', { name: 'Accept 3 items?' }).getByRole('button', { name: 'Accept 3 items' }).click();
  const result = page.getByRole('status').getByRole('group', { name: 'Result of the decision' });
  await expect(result).toContainText('2 accepted, 1 already decided by someone else.');
  await expect(result.getByRole('list', { name: 'Items decided before' })).toHaveText(
    `${displayUpc(upcs[0])}: Accepted by Stella Staff`,
  );
  await expect(result.getByRole('list', { name: 'Items that failed' })).toHaveCount(0);
  // The queue is read again: the three have left it, and nothing stays selected.
  for (const upc of upcs)
    await expect(page.getByRole('checkbox', { name: `Select ${displayUpc(upc)}` })).toHaveCount(0);
  await expect(page.getByText('0 selected')).toBeVisible();
  await expectAccessible(page, 'the review queue with a decision’s outcome');
  // Closing the result from the keyboard.
  await result.getByRole('button', { name: 'Close the result' }).focus();
  await page.keyboard.press('Enter');
  await expect(result).toHaveCount(0);
  await Promise.all([page.context().close(), stella.context().close(), supplier.dispose(), admin.dispose()]);
});
