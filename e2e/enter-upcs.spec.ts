import { expect, test, type Page } from '@playwright/test';
import { DRAFT_MSG, PHOTO_NOTE_MSG, UPC_MSG } from '@portal/domain';
import { barcodeImage, plainImage } from '../server/test/fixtures.ts';
import { clippedControls } from './support/clipping.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';
import { uniqueEan13 } from './support/seed-api.ts';

// Enter UPC(s) as suppliers trip over it: what a file's warnings ask them to do, they can do on the page.

/** Signs the supplier in and opens Enter UPC(s) for a new draft of photos without a barcode, named `names`. */
async function openEnterUpcs(page: Page, names: string[]) {
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  const photo = await plainImage();
  await page
    .locator('input[type="file"]')
    .setInputFiles(names.map((name) => ({ name, mimeType: 'image/png', buffer: photo })));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);
}

test('a repeated photo can be removed from the draft, by keyboard and after a confirmation', async ({ page }) => {
  const photo = await barcodeImage(uniqueEan13('40'));
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: photo },
    { name: 'front-again.png', mimeType: 'image/png', buffer: photo },
  ]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);

  // The two are called the same picture as each other (one may say so before the other), and told to remove one.
  const duplicate = page.getByRole('listitem').filter({ hasText: /Duplicate: the same picture as .* in this draft\./ });
  await expect(duplicate.first()).toBeVisible();
  const flaggedRegion = page.getByRole('region').filter({ has: duplicate }).first();
  const flagged = (await flaggedRegion.getByRole('heading').innerText()).trim();
  const kept = flagged === 'front.png' ? 'front-again.png' : 'front.png';
  await expect(flaggedRegion.getByRole('listitem').filter({ hasText: /Duplicate:/ })).toContainText(
    `the same picture as ${kept} in this draft`,
  );

  await page.getByRole('button', { name: `Remove ${flagged}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: DRAFT_MSG.removeFileTitle(flagged) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove file' })).toBeFocused();
  await page.screenshot({ path: 'test-results/remove-draft-file.png', fullPage: true });
  await page.keyboard.press('Enter');

  await expect(page.getByRole('region', { name: flagged })).toHaveCount(0);
  await expect(page.getByRole('region', { name: kept })).toBeVisible();
  await expect(page.getByText(/^Duplicate:/)).toHaveCount(0);
  // The draft's last file stays: Cancel is how a whole draft goes.
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: kept })).toBeVisible();
  await expect(page.getByRole('region', { name: flagged })).toHaveCount(0);
});

test('a photo without a barcode says so and what to do; the UPC error waits until the field is left', async ({
  page,
}) => {
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'side.png', mimeType: 'image/png', buffer: await plainImage() }]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);
  const row = page.getByRole('region', { name: 'side.png' });
  await expect(
    row.getByRole('list', { name: 'Photo warnings for side.png' }).getByText(PHOTO_NOTE_MSG.noBarcode),
  ).toBeVisible();
  await expect(row.getByText(`Error: ${UPC_MSG.empty}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  const upc = page.getByLabel('UPC for side.png');
  await upc.focus();
  await upc.press('Tab');
  await expect(row.getByText(`Error: ${UPC_MSG.empty}`)).toBeVisible();
  await upc.fill('036000291452');
  // A typed UPC answers the warning.
  await expect(row.getByText(PHOTO_NOTE_MSG.noBarcode)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/no-barcode.png', fullPage: true });
});

test('Submit asks once before sending a UPC that differs from the barcode in the photo', async ({ page }) => {
  const printed = uniqueEan13('40');
  const typed = uniqueEan13('41');
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'pack.png', mimeType: 'image/png', buffer: await barcodeImage(printed) }]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);
  const upc = page.getByLabel('UPC for pack.png');
  await expect(upc).toHaveValue(printed);
  await upc.fill(typed);
  await page.getByRole('button', { name: 'Submit' }).click();

  const ask = page.getByRole('dialog', { name: DRAFT_MSG.upcDiffersTitle });
  await expect(ask.getByText(DRAFT_MSG.upcDiffers(typed, [printed], ['pack.png']))).toBeVisible();
  await page.screenshot({ path: 'test-results/upc-differs.png', fullPage: true });
  await ask.getByRole('button', { name: 'Check the UPC' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/designate_upc$/);

  // Back to the photo's code: nothing to ask.
  await page.getByRole('button', { name: `Use ${printed} as the UPC for pack.png` }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/confirmation$/);
});

test('a pasted product name keeps every letter: emoji are stripped before the cut at 80 characters', async ({
  page,
}) => {
  await openEnterUpcs(page, ['cereal.png']);
  // 80 characters once its emoji are gone, 91 UTF-16 units as pasted.
  const letters = 'Organic Rolled Oats Breakfast Cereal With Almonds And Honey Family Size 32 Ounce';
  const name = page.getByLabel('Product name for cereal.png');
  await name.focus();
  await page.keyboard.insertText(`🥣 ${letters.replace('Honey', 'Honey 🍯')} 🌾✨`);
  await name.blur();
  await expect(name).toHaveValue(letters);
});

test('at 390 px no control of Enter UPC(s) is cut off beside a long file name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const long = 'Organic_Rolled_Oats_Family_Size_Front_Label_Photo_2026-11-28_final_version.png';
  await openEnterUpcs(page, [long, 'back.png']);
  const remove = page.getByRole('button', { name: `Remove ${long}` });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveText('Remove', { useInnerText: true });
  expect(await clippedControls(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/enter-upcs-390.png', fullPage: true });
});
