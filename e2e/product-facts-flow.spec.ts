import { expect, test, type Page } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Product facts saved on a draft reach the submission: its detail page and the reviewer's /review/:id show each value
// with its source, and a label whose calories disagree with its macronutrients is flagged with the numbers. The
// reviewer comments on the wrong value, marked on the photo; the supplier sees the comment beside the fact on the
// resubmit page, corrects it there and resubmits; the reviewer of the resubmission sees the calories before and after.

const DISAGREEMENT = 'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.';

async function expectFactsShown(page: Page) {
  const table = page.getByRole('table', { name: 'Product facts' });
  await expect(table).toBeVisible();
  const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
  await expect(row('Calories (per serving)')).toContainText('300');
  await expect(row('Calories (per serving)')).toContainText('Typed by the supplier');
  await expect(row('Total Fat')).toContainText('8 g (10 % DV)');
  // A mineral printed as a % Daily Value alone (labels before 2016) shows its percent, no amount.
  await expect(row('Calcium')).toContainText('4 % DV');
  await expect(row('Calcium')).not.toContainText('mg');
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
          calcium: { amount: null, unit: 'MGM', dailyValuePercent: 4 },
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

  // The reviewer points at the calories from their row and marks where they are printed (the arrows place the mark).
  await review.getByRole('button', { name: 'Comment on Calories (per serving)' }).click();
  await expect(review.getByRole('combobox', { name: 'About' })).toHaveValue('calories');
  await review.getByRole('group', { name: /Region on the image/ }).focus();
  await review.keyboard.press('ArrowDown');
  await expect(review.getByText(/^Marked on panel\.png/)).toBeVisible();
  await review.getByRole('textbox', { name: 'Comment' }).fill('The panel says 230.');
  await review.getByRole('textbox', { name: 'Comment' }).press('Enter');
  await expect(
    review.getByRole('list', { name: 'Comments to send with the rejection' }).getByRole('listitem'),
  ).toHaveText([/^Calories, marked on panel\.png: The panel says 230\./]);
  await review.keyboard.press('Escape');
  await review.keyboard.press('r');
  const dialog = review.getByRole('dialog', { name: 'Reject this item' });
  await dialog.getByRole('textbox').fill('The calories disagree with the panel.');
  await review.keyboard.press('Enter');
  const status = async () =>
    (
      await graphql<{ getProductSubmission: { itemStatus: string } }>(
        supplier,
        'query($id: ID!) { getProductSubmission(id: $id) { itemStatus } }',
        { id },
      )
    ).getProductSubmission.itemStatus;
  await expect.poll(status, { message: 'the rejection to be recorded' }).toBe('ADMIN_REJECTED');
  await review.context().close();

  // The supplier sees the comment beside the calories, corrects them on the resubmit page and resubmits.
  const own = await pageAt(browser, DEMO.supplier, `/productSubmissions/${id}/resubmit`);
  const facts = own.getByRole('region', { name: 'Product facts' });
  await expect(facts.getByRole('list', { name: "Reviewer's comments on the calories" })).toHaveText(
    /The panel says 230\.\s*\(marked on panel\.png\)/,
  );
  await expect(own.getByRole('list', { name: "Reviewer's comments on panel.png" })).toContainText(
    'Calories: The panel says 230.',
  );
  await expect(facts.getByText(DISAGREEMENT, { exact: true })).toBeVisible();
  await expect(facts.getByRole('textbox', { name: 'Calcium (mg)' })).toHaveValue('');
  await expect(facts.getByRole('textbox', { name: 'Calcium % Daily Value' })).toHaveValue('4');
  await facts.getByRole('textbox', { name: 'Calories' }).fill('230');
  await expect(facts.getByText(DISAGREEMENT, { exact: true })).toHaveCount(0);
  const chooser = own.waitForEvent('filechooser');
  await own.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'panel-new.png', mimeType: 'image/png', buffer: await barcodeImage(upc) });
  await own.screenshot({ path: 'test-results/product-facts-resubmit.png', fullPage: true });
  await own.getByRole('button', { name: 'Resubmit product' }).click();
  await own.waitForURL(`/productSubmissions/${id}/resubmit/confirmation`);

  // The resubmitted version carries the corrected value, recorded as typed.
  await own.goto(`/productSubmissions/${id}`);
  const table = own.getByRole('table', { name: 'Product facts' });
  const calories = table
    .getByRole('row')
    .filter({ has: own.getByRole('rowheader', { name: 'Calories (per serving)' }) });
  await expect(calories).toContainText('230');
  await expect(calories).toContainText('Typed by the supplier');

  // The reviewer of the resubmission sees the fact that changed, before and after, with what was said of it then.
  const again = await pageAt(browser, DEMO.admin, `/review/${id}`);
  const changed = again.getByRole('table', { name: 'Product facts changed since the rejection' });
  await expect(changed).toBeVisible();
  await expect(changed.getByRole('row')).toHaveCount(2); // the header, and the calories: nothing else changed
  const row = changed.getByRole('row').filter({ has: again.getByRole('rowheader', { name: /^Calories/ }) });
  await expect(row.getByRole('cell')).toHaveText(['Changed', '300', '230']);
  await expect(row.getByRole('rowheader')).toContainText('Said then: The panel says 230.');
  await expectAccessible(again, 'the resubmission diff with its facts');
  await again.screenshot({ path: 'test-results/product-facts-resubmission-diff.png', fullPage: true });
});
