import { expect, test, type Page } from '@playwright/test';
import { commentsAsReason } from '@portal/domain';
import { datasetPhoto } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft } from './support/seed-api.ts';

// A reviewer's comments on fields and images, and where the code was read: the reviewer writes them from the
// keyboard in the review view, the supplier finds each beside the thing it is about.

/** Where the box around a mark is on its image, as fractions of the image shown (the image is fitted in its box). */
async function markPlace(page: Page, image: string, mark: 'comment' | 'barcode') {
  const box = page.locator(`[data-marked-image*="${image}"]`).first();
  await box.scrollIntoViewIfNeeded();
  // A comment is a rectangle; the code's outline a polygon through its corners (a rectangle for files read before).
  const shape = `[data-mark="${mark}"] :is(rect, polygon)`;
  await expect(box.locator(shape)).toHaveCount(1);
  return box.evaluate((el, selector) => {
    const img = el.querySelector('img')!;
    const rect = el.querySelector(selector)!.getBoundingClientRect();
    const b = img.getBoundingClientRect();
    const scale = Math.min(b.width / img.naturalWidth, b.height / img.naturalHeight);
    const [w, h] = [img.naturalWidth * scale, img.naturalHeight * scale];
    const [left, top] = [b.left + (b.width - w) / 2, b.top + (b.height - h) / 2];
    return { x: (rect.left - left) / w, y: (rect.top - top) / h, w: rect.width / w, h: rect.height / h };
  }, shape);
}

const near = (actual: Record<string, number>, expected: Record<string, number>) => {
  for (const k of Object.keys(expected)) expect(actual[k], k).toBeCloseTo(expected[k], 1);
};

test('a reviewer comments on an image region, a file and the UPC; the supplier sees each beside the right item, the region at the same place', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  // A real photo of a tin (its code in the middle of the frame) and a plain picture of the same code.
  const photo = datasetPhoto('ean13-1/2.png');
  const product = { upc: photo.expected, productName: 'Sweet corn' };
  const draftId = await createDraft(supplier, [
    { fileName: 'corn.png', image: photo.data, isMarketingImage: true, ...product },
    { fileName: 'back.png', isMarketingImage: false, ...product },
  ]);
  const [id] = await submitDraft(supplier, draftId);
  const state = async () =>
    (
      await graphql<{ getProductSubmission: { itemStatus: string; files: { barcodeRegion: unknown }[] } }>(
        supplier,
        'query($id: ID!) { getProductSubmission(id: $id) { itemStatus files { barcodeRegion { x } } } }',
        { id },
      )
    ).getProductSubmission;
  await expect
    .poll(async () => (await state()).files.every((f) => f.barcodeRegion), {
      message: 'the codes to be read and placed',
    })
    .toBe(true);

  const page = await pageAt(browser, DEMO.admin, `/review/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Review / })).toBeVisible();
  // The code's place is outlined over the photo: the tin's label, in the middle of the frame.
  near(await markPlace(page, 'corn.png', 'barcode'), { x: 0.35, y: 0.3, w: 0.37, h: 0.31 });

  // From the keyboard: C starts a comment (about the UPC at first), Enter adds it.
  await page.keyboard.press('c');
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await expect(comment).toBeFocused();
  await page.keyboard.type('The UPC typed is not the one on the label.');
  await page.keyboard.press('Enter');
  // A region of the photo: its box starts in the middle; the arrows move it, Shift+arrows size it.
  await page.getByRole('combobox', { name: 'About' }).selectOption('region');
  const region = page.getByRole('group', { name: /Region on the image/ });
  await region.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowUp'])
    await page.keyboard.press(key);
  await expect(page.getByText('Region: the centre of the image.')).toBeVisible();
  await expectAccessible(page, 'the review view while marking a region');
  await page.keyboard.press('c');
  await expect(comment).toBeFocused();
  await page.keyboard.type('Glare hides part of the bars.');
  await page.keyboard.press('Enter');
  // The other file, as a whole: ] shows it.
  await page.keyboard.press('Escape');
  await page.keyboard.press(']');
  await expect(page.getByRole('img', { name: /^back\.png, file 2 of 2/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'About' }).selectOption('file');
  await page.keyboard.press('c');
  await page.keyboard.type('Show the back of the pack, not a copy of the code.');
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Comments to send with the rejection' });
  await expect(list.getByRole('listitem')).toHaveText([
    /^UPC: The UPC typed/,
    /^The centre of corn\.png: Glare hides/,
    /^File back\.png: Show the back/,
  ]);
  await page.screenshot({ path: 'test-results/review-comments-reviewer.png', fullPage: true });
  // R rejects: the dialog says the comments go with it, and Enter takes them as the reason (no stock reason asked).
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Reject this item' });
  await expect(dialog).toContainText('Your 3 comments on fields and files go with it.');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await state()).itemStatus).toBe('ADMIN_REJECTED');
  await page.context().close();

  // The supplier, on the resubmit page: each comment beside its field or under its image, the region outlined.
  const own = await pageAt(browser, DEMO.supplier, `/productSubmissions/${id}/resubmit`);
  await expect(own.getByRole('heading', { name: 'Rejected submission' })).toBeVisible();
  await expect(own.getByText(commentsAsReason(3))).toBeVisible();
  await expect(own.getByRole('list', { name: "Reviewer's comments on the UPC" })).toHaveText(
    /The UPC typed is not the one on the label\./,
  );
  await expect(own.getByRole('list', { name: "Reviewer's comments on corn.png" })).toHaveText(
    /1\s*The centre of the image: Glare hides part of the bars\./,
  );
  await expect(own.getByRole('list', { name: "Reviewer's comments on back.png" })).toHaveText(
    /Show the back of the pack, not a copy of the code\./,
  );
  await expect(own.getByRole('list', { name: "Reviewer's comments on the product name" })).toHaveCount(0);
  // The region drawn where the reviewer put it: x 0.35, y 0.30, 0.4 by 0.4 of the photo.
  near(await markPlace(own, 'corn.png', 'comment'), { x: 0.35, y: 0.3, w: 0.4, h: 0.4 });
  await expectAccessible(own, 'the resubmit page with comments');
  await own.screenshot({ path: 'test-results/review-comments-resubmit.png', fullPage: true });
  // The detail page shows them too, and the history keeps them.
  await own.goto(`/productSubmissions/${id}`);
  await expect(own.getByRole('list', { name: "Reviewer's comments on the UPC" })).toBeVisible();
  await expect(own.getByRole('list', { name: 'Comments on fields and files' })).toContainText(
    'The centre of corn.png: Glare hides part of the bars.',
  );
  await own.context().close();
});
