import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../playwright.config.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, submitProducts, uniqueEan13 } from './support/seed-api.ts';

// The reviewer's workspace. Its items are Blue Harbor Snacks' (other@) sent to Fresh Market Grocers, a company and
// partner no other spec submits for, so the filtered queue holds only these.

test.describe.configure({ mode: 'serial' });

const FRESH_MARKET = 30443;
const BLUE_HARBOR = 1002;
const QUEUE = `/review?partner=${FRESH_MARKET}&company=${BLUE_HARBOR}&size=50`;
const STOCK = ['The barcode is not visible on the front', 'The picture is too small'];

/** Six products in one draft (one photo each, its code typed as read), submitted to the partner signed in through. */
async function submitSix(api: APIRequestContext): Promise<void> {
  const upcs = Array.from({ length: 6 }, () => uniqueEan13('41'));
  await submitProducts(
    api,
    upcs.map((upc) => ({ upc, productName: `Crackers ${upc}` })),
  );
}

let admin: APIRequestContext;
test.beforeAll(async () => {
  const api = await apiAs(DEMO.other);
  // Signed in through Fresh Market Grocers' portal: the submissions are sent to it.
  await api.post('/api/auth/login', {
    form: { username: DEMO.other.email, password: DEMO.other.password, partner: String(FRESH_MARKET) },
  });
  await submitSix(api);
  await submitSix(api);
  admin = await apiAs(DEMO.admin);
  for (const text of STOCK)
    await admin.post('/api/review/stock-reasons', { data: { partnerCompanyId: FRESH_MARKET, text } });
  // The automated checks leave each item SUBMITTED (its photo shows the code typed).
  await expect
    .poll(
      async () => {
        const page = (await (await admin.get(`/api${QUEUE.replace('/review', '/review/queue')}`)).json()) as {
          total: number;
        };
        return page.total;
      },
      { message: 'the twelve items to wait for review' },
    )
    .toBe(12);
});

/** Keys pressed, counted: the test fails if a decision takes more than its share. */
function keyboard(page: Page) {
  let count = 0;
  return {
    press: async (key: string) => {
      count++;
      await page.keyboard.press(key);
    },
    take: () => {
      const n = count;
      count = 0;
      return n;
    },
  };
}

test('the queue keeps its filters in the address across opening an item, Back and a reload', async ({ browser }) => {
  const page = await pageAt(browser, DEMO.admin, `${QUEUE}&sort=newest`);
  // Below the split view's 1280 px: the list, each item opening on its own page.
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '12 items.' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Partner' })).toHaveValue('Fresh Market Grocers');
  await expectAccessible(page, 'the review queue');
  await page.getByRole('table').getByRole('link').first().click();
  const heading = page.getByRole('heading', { level: 1, name: /^Review \d/ });
  await expect(heading).toBeVisible();
  await expectAccessible(page, 'the review view');
  const opened = await heading.textContent();
  // ? lists the shortcuts; letters typed in a field stay in the field.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Accept this item');
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  const detail = page.getByRole('textbox', { name: 'More detail (optional)' });
  await detail.focus();
  await page.keyboard.type('ajk');
  await expect(detail).toHaveValue('ajk');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Reject this item' })).toBeHidden();
  await expect(heading).toHaveText(opened!);
  await expect(page.getByRole('button', { name: /^Accept/ })).toBeEnabled();
  await page.goBack();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('Newest submitted first');
  await expect(page.getByRole('status').filter({ hasText: '12 items.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Blue Harbor Snacks');
  await expect(page.getByRole('status').filter({ hasText: '12 items.' })).toBeVisible();
  // The company filter is a search: part of a name finds the company (no list of every company).
  await page.getByRole('button', { name: 'Any company' }).click();
  await expect(page).not.toHaveURL(/company=/);
  const company = page.getByRole('combobox', { name: 'Company' });
  await company.fill('harbor sn');
  await expect(page.getByRole('option', { name: 'Blue Harbor Snacks' })).toBeVisible();
  await page.getByRole('option', { name: 'Blue Harbor Snacks' }).click();
  await expect(page).toHaveURL(new RegExp(`company=${BLUE_HARBOR}`));
  await page.context().close();
});

test('a reviewer accepts 10 items and rejects 2 with stock reasons from the keyboard alone', async ({ browser }) => {
  const page = await pageAt(browser, DEMO.admin, QUEUE);
  // Below the split view's 1280 px: the row's link is the item's own page.
  await page.setViewportSize({ width: 1200, height: 800 });
  const first = page.getByRole('table').getByRole('link').first();
  await page.goto(`${E2E.portal}${await first.getAttribute('href')}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Review \d+/);
  // No mouse from here on: every pointer press on the page is counted.
  await page.evaluate(() => {
    (window as unknown as { pointerPresses: number }).pointerPresses = 0;
    window.addEventListener(
      'pointerdown',
      () => (window as unknown as { pointerPresses: number }).pointerPresses++,
      true,
    );
  });
  const keys = keyboard(page);

  for (let i = 0; i < 10; i++) {
    const before = await heading.textContent();
    await keys.press('a');
    await expect(heading).not.toHaveText(before!);
    expect(keys.take(), 'keys for an accept').toBeLessThanOrEqual(2);
  }
  for (const n of [1, 2]) {
    const before = await heading.textContent();
    await keys.press('r');
    await expect(page.getByRole('dialog', { name: 'Reject this item' })).toBeVisible();
    await keys.press(String(n));
    await keys.press('Enter');
    if (n === 1) await expect(heading).not.toHaveText(before!);
    else await expect(page.getByRole('status').filter({ hasText: 'No more items in this queue.' })).toBeVisible();
    expect(keys.take(), 'keys for a reject').toBeLessThanOrEqual(4);
  }
  expect(await page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses)).toBe(0);

  const decided = async (status: string) =>
    (
      (await (
        await admin.get(`/api/review/queue?partner=${FRESH_MARKET}&company=${BLUE_HARBOR}&status=${status}&size=50`)
      ).json()) as {
        items: { id: string }[];
        total: number;
      }
    ).total;
  expect(await decided('ACCEPTED')).toBe(10);
  expect(await decided('ADMIN_REJECTED')).toBe(2);
  expect(await decided('SUBMITTED')).toBe(0);
  await page.context().close();
});
