import { expect, test, type APIRequestContext } from '@playwright/test';
import { displayUpc } from '@portal/domain';
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
