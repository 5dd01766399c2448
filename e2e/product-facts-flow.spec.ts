import { expect, test, type Page } from '@playwright/test';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Product facts saved on a draft reach the submission: its detail page and the reviewer's /review/:id show each value
// with its source, and a label whose calories disagree with its macronutrients is flagged with the numbers.

const DISAGREEMENT = 'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.';

async function expectFactsShown(page: Page) {
  const table = page.getByRole('table', { name: 'Product facts' });
  await expect(table).toBeVisible();
  const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
  await expect(row('Calories (per serving)')).toContainText('300');
  await expect(row('Calories (per serving)')).toContainText('Typed by the supplier');
  await expect(row('Total Fat')).toContainText('8 g (10 % DV)');
  await expect(row('Allergens')).toContainText('Contains: oats.');
  for (const label of ['Calories (per serving)', 'Total Fat', 'Total Carbohydrate', 'Protein'])
    await expect(row(label).getByText('Disagrees', { exact: false })).toBeVisible();
  await expect(row('Allergens').getByText('Disagrees', { exact: false })).toHaveCount(0);
  await expect(page.getByText(DISAGREEMENT, { exact: true })).toBeVisible();
}

test('facts saved on a draft appear with their sources on the detail and review pages, a wrong label flagged', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  const upc = uniqueEan13('41');
  const draftId = await createDraft(supplier, [
    { fileName: 'panel.png', upc, productName: 'Rolled oats', isMarketingImage: true },
  ]);
  const saved = await supplier.put(`/api/draftSubmissions/${draftId}/facts/panel.png`, {
    data: {
      facts: {
        basis: 'serving',
        servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
        servingsPerContainer: null,
        calories: 300,
        energyKj: null,
        nutrients: {
          totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
          totalCarbohydrate: { amount: 37, unit: 'GRM', dailyValuePercent: 13 },
          protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
        },
        netContent: null,
        ingredients: null,
        allergens: 'Contains: oats.',
      },
      dismiss: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const [id] = await submitDraft(supplier, draftId);

  const detail = await pageAt(browser, DEMO.supplier, `/productSubmissions/${id}`);
  await expectFactsShown(detail);
  await detail.screenshot({ path: 'test-results/product-facts-detail.png', fullPage: true });

  const review = await pageAt(browser, DEMO.admin, `/review/${id}`);
  await expectFactsShown(review);
  await review.screenshot({ path: 'test-results/product-facts-review.png', fullPage: true });
});
