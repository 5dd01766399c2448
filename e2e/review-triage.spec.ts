import { expect, test, type APIRequestContext } from '@playwright/test';
import { displayUpc } from '@portal/domain';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, submitProducts, uniqueEan13 } from './support/seed-api.ts';

// The review queue as a triage list at 1366×900: at least 12 items on one line each above the fold, the filters on
// one line, and the list driven from the keyboard: J moves, X and Shift+X select, Assign selected gives them to
// me, / goes to the search, ? lists the keys, the filters are saved as a view with its count, O opens the item, where
// a staff-only note is added.

const COUNT = 14;

/** Green Valley's products, submitted and waiting for review once the automated checks have passed: their UPCs. */
async function pendingProducts(supplier: APIRequestContext, admin: APIRequestContext, tag: string) {
  const upcs = Array.from({ length: COUNT }, () => uniqueEan13('40'));
  // Two drafts: a draft takes 10 files at most.
  const products = upcs.map((upc, i) => ({ upc, productName: `Triage ${tag} ${i + 1}` }));
  await submitProducts(supplier, products.slice(0, 7));
  await submitProducts(supplier, products.slice(7));
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/review/queue?q=${encodeURIComponent(`Triage ${tag}`)}&size=100`);
        const { items } = (await res.json()) as { items: { upc: string }[] };
        return items.filter((i) => upcs.includes(i.upc)).length;
      },
      { message: 'the items to wait for review' },
    )
    .toBe(COUNT);
  return upcs;
}

test('the queue shows 12 items or more at 1366×900 and is driven from the keyboard', async ({ browser }) => {
  const supplier = await apiAs(DEMO.supplier);
  const admin = await apiAs(DEMO.admin);
  const tag = `Qx${uniqueEan13('41').slice(-6)}`;
  const upcs = await pendingProducts(supplier, admin, tag);

  const page = await pageAt(browser, DEMO.admin, `/review?q=${encodeURIComponent(`Triage ${tag}`)}&sort=newest`);
  await page.setViewportSize({ width: 1366, height: 900 });
  const rows = page.locator('[data-queue-row]');
  await expect(rows).toHaveCount(COUNT);
  // The full list, every column: the split view switched off (the split view has its own test below).
  await page.getByRole('switch', { name: /Split view/ }).click();
  await expect(page.getByRole('region', { name: 'Selected item' })).toHaveCount(0);
  // Counted in the viewport: rows wholly above the fold, each one line high.
  const measured = await rows.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect()).map((r) => ({ bottom: r.bottom, height: r.height })),
  );
  const visible = measured.filter((r) => r.bottom <= 900).length;
  expect(visible, JSON.stringify(measured)).toBeGreaterThanOrEqual(12);
  expect(Math.max(...measured.map((r) => r.height))).toBeLessThan(40);

  // J, X, J, J, Shift+X: the first three are selected; the cursor row's link has the focus.
  await page.keyboard.press('j');
  const firstLink = rows.nth(0).getByRole('link');
  await expect(firstLink).toBeFocused();
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Shift+X');
  await expect(page.getByText('3 selected')).toBeVisible();
  for (const n of [0, 1, 2]) await expect(rows.nth(n).getByRole('checkbox')).toBeChecked();
  await expect(rows.nth(3).getByRole('checkbox')).not.toBeChecked();

  // Assign selected to me: the three say so, and "Assigned to: Me" lists them.
  await page.getByRole('button', { name: 'Assign selected' }).click();
  await page.getByRole('menuitem', { name: 'To me' }).click();
  await expect(rows.filter({ hasText: /Me$/ })).toHaveCount(3);

  // / goes to the search; ? lists the keys.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search' }).blur();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Shift+X');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // The assignee filter: mine only.
  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name: 'Me', exact: true }).click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(rows).toHaveCount(3);

  // Saved as a view of mine: listed above the queue with how many items it holds; choosing it applies its filters.
  const views = page.getByRole('group', { name: 'Saved views' });
  await views.getByRole('button', { name: 'Save view…' }).click();
  await page.getByRole('textbox', { name: 'Name of the view' }).fill(`Mine ${tag}`);
  await page.getByRole('button', { name: 'Save view', exact: true }).click();
  const view = views.getByRole('button', { name: new RegExp(`^Mine ${tag}\\s*, 3 items$`) });
  await expect(view).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name: 'No one', exact: true }).click();
  await expect(page).toHaveURL(/assignee=none/);
  await expect(view).toHaveAttribute('aria-pressed', 'false');
  await view.click();
  await expect(page).toHaveURL(/assignee=me/);
  await expect(rows).toHaveCount(3);

  // J to the second of them and O opens it, the queue's filters carried on.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const second = (await rows.nth(1).getByRole('link').textContent()) ?? '';
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}\?.*assignee=me/);
  await expect(page.getByRole('heading', { level: 1, name: /^Review / })).toContainText(second);
  expect(upcs.map(displayUpc)).toContain(second);

  // An internal note for staff, listed under the item's notes.
  await page.getByRole('textbox', { name: 'Note for staff' }).fill(`Asked the partner about ${tag}.`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Internal notes' })).toContainText(`Ada Admin`);
  await expect(page.getByRole('list', { name: 'Internal notes' })).toContainText(`Asked the partner about ${tag}.`);
});

test('at 1366 px the split view shows the selected item beside the list: J selects, A accepts, the next one shows', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  const admin = await apiAs(DEMO.admin);
  const tag = `Qs${uniqueEan13('41').slice(-6)}`;
  await pendingProducts(supplier, admin, tag);

  const page = await pageAt(browser, DEMO.admin, `/review?q=${tag}&sort=newest`);
  await page.setViewportSize({ width: 1366, height: 900 });
  const rows = page.locator('[data-queue-row]');
  await expect(rows).toHaveCount(COUNT);
  await expect(page.getByRole('switch', { name: /Split view/ })).toBeChecked();
  const pane = page.getByRole('region', { name: 'Selected item' });
  await expect(pane).toContainText('Choose an item in the list');
  const paneHeading = pane.getByRole('heading', { level: 2, name: /^Review / });
  const upcOf = async (n: number) => (await rows.nth(n).getByRole('link').textContent()) ?? '';

  // J: the first item shows in the pane, the address names it and the list's row keeps the focus.
  await page.keyboard.press('j');
  const first = await upcOf(0);
  await expect(paneHeading).toContainText(first);
  await expect(rows.nth(0).getByRole('link')).toBeFocused();
  await expect(page).toHaveURL(/[?&]item=[0-9a-f-]{36}/);
  await expectAccessible(page, 'the review queue in split view');

  // J again, then A accepts the second item in the pane: the third shows there, and Undo is offered.
  await page.keyboard.press('j');
  const second = await upcOf(1);
  const third = await upcOf(2);
  await expect(paneHeading).toContainText(second);
  await page.keyboard.press('a');
  // The toast first: it leaves when the undo window ends, and the next item may take a while to load.
  await expect(page.getByRole('status', { name: 'Last decision' })).toContainText(`Accepted ${second}.`);
  await expect(paneHeading).toContainText(third);
  await expect(rows.filter({ hasText: second })).toHaveCount(0);
  await expect(page.locator('[data-queue-row][aria-current="true"]')).toContainText(third);

  // A reload keeps the selected item; the full list is a switch away (and stays so).
  await page.reload();
  await expect(paneHeading).toContainText(third);
  await page.getByRole('switch', { name: /Split view/ }).click();
  await expect(pane).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('switch', { name: /Split view/ })).not.toBeChecked();
  await expect(pane).toHaveCount(0);
  await page.getByRole('switch', { name: /Split view/ }).click();
  await expect(paneHeading).toContainText(third);

  // A narrow screen keeps the list: the row's link opens the item on its own page.
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect(pane).toHaveCount(0);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: /^Review / })).toBeVisible();
  await page.context().close();
});

test('a reviewer gives a comment a reason code in the split view and sees it listed', async ({ browser }) => {
  const supplier = await apiAs(DEMO.supplier);
  const admin = await apiAs(DEMO.admin);
  const tag = `Qr${uniqueEan13('41').slice(-6)}`;
  const code = `E2E_${tag.toUpperCase()}`;
  const added = await admin.post('/api/review/stock-reasons', {
    data: { partnerCompanyId: null, text: `The barcode is cut off (${tag}).`, code },
  });
  expect(added.status()).toBe(201);
  await pendingProducts(supplier, admin, tag);

  const page = await pageAt(browser, DEMO.admin, `/review?q=${tag}&sort=newest`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.locator('[data-queue-row]')).toHaveCount(COUNT);
  await page.keyboard.press('j');
  const pane = page.getByRole('region', { name: 'Selected item' });
  await expect(pane.getByRole('heading', { level: 2, name: /^Review / })).toBeVisible();
  await pane.getByRole('combobox', { name: 'Reason code' }).selectOption(code);
  await pane.getByRole('textbox', { name: 'Comment' }).fill('The bars run off the edge of the label.');
  await pane.getByRole('button', { name: 'Add comment' }).click();
  const listed = pane.getByRole('list', { name: 'Comments to send with the rejection' });
  await expect(listed.getByRole('listitem')).toHaveText([
    `UPC: The bars run off the edge of the label. (${code}: The barcode is cut off (${tag}).)`,
  ]);
  await expectAccessible(page, 'the split view with a comment listed');
  await page.context().close();
  expect((await admin.delete(`/api/review/stock-reasons/${(await added.json()).id}`)).status()).toBe(204);
});
