import { expect, test, type Page } from '@playwright/test';
import { PHOTO_NOTE_MSG } from '@portal/domain';
import { plainImage } from '../server/test/fixtures.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';

/**
 * Step 2 of a new upload of one image without a barcode, as the supplier, once the photo has been read: the reading
 * and the photo checks arrive together, and their warnings above the field move everything below it.
 */
async function openStep2WithOneFile(page: Page) {
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'shift.png', mimeType: 'image/png', buffer: await plainImage() }]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/upload\/draft\/[^/]+\/designate_upc$/);
  await expect(page.getByRole('region', { name: 'shift.png' }).getByText(PHOTO_NOTE_MSG.noBarcode)).toBeVisible();
}

// A message that appears when a field is left must not move the button being clicked (issue 17 item 4): the click
// that leaves the field lands where the button was a moment before.
test('Save for later works straight from a UPC field holding an invalid code', async ({ page }) => {
  await openStep2WithOneFile(page);
  const upc = page.getByLabel('UPC for shift.png');
  await upc.fill('036000291453');

  await page.getByRole('button', { name: 'Save for later' }).click();
  await page.waitForURL(/\/activity\/requires_action$/);
});

test('Cancel works straight from a UPC field holding an invalid code, and the buttons do not move when it is left', async ({
  page,
}) => {
  await openStep2WithOneFile(page);
  const upc = page.getByLabel('UPC for shift.png');
  await upc.fill('036000291452');
  await upc.press('Tab');
  const cancel = page.getByRole('button', { name: 'Cancel' });
  const valid = await cancel.boundingBox();
  await upc.fill('036000291453');
  await upc.blur();
  await expect(page.getByText('The check digit is wrong: for 03600029145 it should be 2.')).toBeVisible();
  expect((await cancel.boundingBox())?.y).toBe(valid?.y);

  await upc.fill('12');
  await cancel.click();
  await page.waitForURL(/\/activity\/requires_action$/);
});

// Issue 17 item 8: the sign-in heading stays within two lines of the narrow card, also with a message above the form.
test('the login heading keeps to two lines after a failed sign-in', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.supplier.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  const heading = page.getByRole('heading', { level: 1, name: 'Login with Product Hub portal credentials' });
  const lines = await heading.evaluate((h) =>
    Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)),
  );
  expect(lines).toBeLessThanOrEqual(2);
});
