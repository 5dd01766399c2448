import { expect, test, type Page } from '@playwright/test';
import { PHOTO_NOTE_MSG, READ_ONLY_NO_ADD } from '@portal/domain';
import { barcodeImage, plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';

// Signed in through the demo partner's co-branded login: its rules ask for product names and marketing images.
const PARTNER = 30443;
const at = (path: string) => `/${PARTNER}${path}`;

/** Slows uploads down (Chromium's network emulation), so the progress of a real request can be watched. */
async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}

test('a supplier uploads files, fixes a UPC (written in the one GTIN-13 form), saves for later, comes back and submits', async ({
  page,
}) => {
  // front.png carries a readable EAN-13; side.png has no barcode, so its UPC must be typed.
  const front = await barcodeImage('4006381333931');
  const side = await plainImage();

  await signInThroughApi(page, DEMO.supplier, PARTNER);
  await page.goto(at('/upload'));
  await expect(page.getByRole('heading', { level: 1, name: 'Upload product file(s)' })).toBeFocused();
  await expect(page.getByRole('link', { name: /image requirements/ })).toHaveAttribute(
    'href',
    '/static/image-requirements.pdf',
  );
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // Step 1: choose two good files with the keyboard-reachable button.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).press('Enter');
  await (
    await chooser
  ).setFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: front },
    { name: 'side.png', mimeType: 'image/png', buffer: side },
  ]);
  const chosen = page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(next).toBeEnabled();

  // A bad selection: a text file and a duplicate name are dropped, with the spec's notification.
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: 'FRONT.png', mimeType: 'image/png', buffer: front },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: "We weren't able to add" })).toHaveText(
    "We weren't able to add 2 files. The file format must be PDF, JPG, PNG, GIF or TIF. All file names must be unique.",
  );
  await expect(chosen).toHaveCount(2);
  await expect(chosen.first()).toContainText('front.png');
  const zone = await page.getByTestId('file-drop-zone').boundingBox();
  expect(Math.round(zone!.height)).toBe(133 + 72 * 2);
  await expectAccessible(page, 'upload step 1');
  await page.screenshot({ path: 'test-results/intake-step-1.png', fullPage: true });

  // Next: one request with both files; its real upload progress shows per file while it is slowed down.
  const cdp = await throttleUploads(page, 12 * 1024);
  await next.click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  const frontProgress = page.getByRole('progressbar', { name: 'Upload progress for front.png' });
  await expect.poll(async () => Number(await frontProgress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await page.waitForURL(/\/30443\/upload\/draft\/[^/]+\/designate_upc$/);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const draftId = /draft\/([^/]+)\/designate_upc/.exec(page.url())![1];

  // Step 2: the code read from front.png appears without a reload.
  await expect(page.getByRole('heading', { level: 1, name: 'Enter UPC(s)' })).toBeFocused();
  const frontRow = page.getByRole('region', { name: 'front.png' });
  const sideRow = page.getByRole('region', { name: 'side.png' });
  await expect(page.getByLabel('UPC for front.png')).toHaveValue('4006381333931');
  await expect(frontRow.getByText('Read from the image.')).toBeVisible();
  await expect(frontRow.getByRole('img', { name: 'Preview of front.png' })).toBeVisible();
  // side.png has no barcode: it says so, and its empty UPC is not called an error before the supplier gets to it.
  await expect(sideRow.getByText(PHOTO_NOTE_MSG.noBarcode)).toBeVisible();
  await expect(sideRow.getByText('Error: Please enter a valid UPC.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

  // A wrong check digit, then the right one.
  const sideUpc = page.getByLabel('UPC for side.png');
  await sideUpc.fill('036000291453');
  await sideUpc.press('Tab');
  await expect(sideRow.getByText('The check digit is wrong: for 03600029145 it should be 2.')).toBeVisible();
  await sideUpc.fill('036000291452');
  await sideUpc.press('Tab');
  await expect(sideRow.getByText(/check digit/)).toHaveCount(0);
  // One UPC form everywhere: the typed 12 digits are written as GTIN-13, like the code read from the image.
  await expect(sideUpc).toHaveValue('0036000291452');

  await page.getByLabel('Product name for front.png').fill('Oat Crunch');
  await page.getByLabel('Product name for side.png').fill('Tomato Soup');
  await page.getByRole('checkbox', { name: 'Marketing image for front.png' }).check();
  // Other specs may have given Green Valley shipping profiles; the empty state itself is a component test.
  await expect(sideRow.getByRole('combobox', { name: 'Shipping profile for side.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expectAccessible(page, 'upload step 2');
  await page.screenshot({ path: 'test-results/intake-step-2.png', fullPage: true });

  await page.getByRole('button', { name: 'Save for later' }).click();
  await page.waitForURL(at('/activity/requires_action'));

  // Back to the saved draft: everything typed is there.
  await page.goto(at(`/upload_draft/${draftId}`));
  await expect(page.getByLabel('UPC for side.png')).toHaveValue('0036000291452');
  await expect(page.getByLabel('UPC for front.png')).toHaveValue('4006381333931');
  await expect(page.getByLabel('Product name for front.png')).toHaveValue('Oat Crunch');
  await expect(page.getByRole('checkbox', { name: 'Marketing image for front.png' })).toBeChecked();

  // side.png is a product of its own and has no marketing image yet: Submit says so in a toast.
  await page.getByRole('button', { name: 'Submit' }).click();
  const noMarketingImage = page.getByText(
    'Please indicate which picture(s) we should use as the marketing image(s) for the product with upc 0036000291452',
  );
  await expect(noMarketingImage).toBeVisible();
  // The pointer rests on the toast (which holds it open, however slow the machine) while the keyboard fixes and submits.
  await noMarketingImage.hover();
  await page.getByRole('checkbox', { name: 'Marketing image for side.png' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Marketing image for side.png' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');

  await page.waitForURL(at(`/upload/draft/${draftId}/confirmation`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation' })).toBeVisible();
  // The refused first Submit's message went with the page it was about (hovered, it would otherwise stay).
  await expect(noMarketingImage).toBeHidden();
  await expect(page.getByText('Product Hub has received 2 products.')).toBeVisible();
  await expect(page.getByText('The information is being reviewed by automated systems and/or staff.')).toBeVisible();
  await expectAccessible(page, 'the confirmation');
  const ids: string[] = JSON.parse((await page.evaluate(() => localStorage.getItem('product-submission-ids'))) ?? '[]');
  expect(ids).toHaveLength(2);
  await expect(page.getByRole('link', { name: 'Continue with Submission to Fresh Market Grocers' })).toHaveAttribute(
    'href',
    at(`/edit-multiple?productSubmissionIds=${ids.join(',')}`),
  );
  await expect(page.getByRole('link', { name: 'Go to Activity Page' })).toHaveAttribute('href', at('/activity'));

  // The draft is gone: it became the two submissions.
  await page.goto(at(`/upload_draft/${draftId}`));
  await expect(page.getByText("We couldn't open this draft. It may have been submitted or deleted.")).toBeVisible();
});

test('a failed upload keeps the files and shows the server message', async ({ page }) => {
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  // Named .png and declared as PNG, but not an image: only the server can tell, by its content.
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'good.png', mimeType: 'image/png', buffer: await plainImage() },
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('#!/bin/sh\necho hi\n') },
  ]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^fake\.png: / })).toBeVisible();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

  // Cancel on a new draft deletes it.
  await page.getByRole('button', { name: 'Remove fake.png' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/upload\/draft\/[^/]+\/designate_upc$/);
  const draftId = /draft\/([^/]+)\/designate_upc/.exec(page.url())![1];
  // The address changes before step 2 is drawn: the Cancel meant is step 2's, which deletes the new draft.
  await expect(page.getByRole('heading', { level: 1, name: 'Enter UPC(s)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('/activity/requires_action');
  await page.goto(`/upload_draft/${draftId}`);
  await expect(page.getByText("We couldn't open this draft. It may have been submitted or deleted.")).toBeVisible();
});

test('a read-only administrator who opens /upload is told at once that they cannot add submissions', async ({
  page,
}) => {
  await signInThroughApi(page, DEMO.viewer);
  await page.goto('/upload');
  await expect(page.getByText(READ_ONLY_NO_ADD)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/upload-read-only.png', fullPage: true });
});
