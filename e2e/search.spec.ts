import { expect, test } from '@playwright/test';
import { DEMO, pageAt } from './support/fixtures.ts';

// The header's search box, from the keyboard: a supplier presses `/`, types a product's name with typos, walks to the
// product with the arrow keys and opens it with Enter. The demo's "Organic rolled oats" of Green Valley Foods.

test('a supplier finds a product by a misspelt name with the keyboard alone', async ({ browser }) => {
  const page = await pageAt(browser, DEMO.supplier, '/activity');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search products and submissions' });
  await expect(box).toBeFocused();
  await page.keyboard.type('organc roled oat');
  const results = page.getByRole('listbox', { name: 'Search results' });
  const products = results.getByRole('group', { name: 'Products' });
  await expect(products.getByRole('option').first()).toContainText('Organic rolled oats');
  await expect(products.getByRole('option').first()).toContainText('Catalogued');
  // Another company's products are never offered (Blue Harbor Snacks has none by this name either way).
  await expect(results.getByRole('group', { name: 'Companies' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await products.getByRole('option').first().getAttribute('id'))!,
  );
  await expect(products.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cataloguedProducts\/0001234567895$/);
  await expect(page.getByText('Organic rolled oats').first()).toBeVisible();
});

test('staff find a company by a misspelt name', async ({ browser }) => {
  // Not from the review queue: there `/` goes to the queue's own search.
  const page = await pageAt(browser, DEMO.admin, '/settings');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search products and submissions' })).toBeFocused();
  await page.keyboard.type('blue harbr');
  const companies = page.getByRole('listbox', { name: 'Search results' }).getByRole('group', { name: 'Companies' });
  await expect(companies.getByRole('option').first()).toContainText(/blue harbor snacks/i);
});
