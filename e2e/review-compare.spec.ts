import { expect, test, type APIRequestContext } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Deciding with the context: the catalogued product's certified values and images beside the proposal, differences
// marked; a resubmission beside the version rejected, with the comments of that rejection, one of them on an
// attribute of the proposal that the supplier saw at that attribute.

const statusOf = async (api: APIRequestContext, id: string) =>
  (
    await graphql<{ getProductSubmission: { itemStatus: string; detectedUpcs: string[] } }>(
      api,
      'query($id: ID!) { getProductSubmission(id: $id) { itemStatus detectedUpcs } }',
      { id },
    )
  ).getProductSubmission;

/** One product submitted by this supplier, its code read by the automated checks. */
async function submitted(api: APIRequestContext, upc: string, productName: string) {
  const [id] = await submitDraft(
    api,
    await createDraft(api, [{ fileName: 'front.png', upc, productName, isMarketingImage: true }]),
  );
  await expect
    .poll(async () => (await statusOf(api, id)).detectedUpcs, { message: 'the automated checks to read the code' })
    .toHaveLength(1);
  return id;
}

test('the catalogued product of the UPC shows beside the proposal, its differing values marked, with its images', async ({
  browser,
}) => {
  const upc = uniqueEan13('40');
  const admin = await apiAs(DEMO.admin);
  // Green Valley's product, accepted and catalogued with its certified values.
  const first = await submitted(await apiAs(DEMO.supplier), upc, 'Oat Crunch');
  const accepted = await admin.post('/api/review/decisions', { data: { ids: [first], decision: 'accept' } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await graphql(
    admin,
    'mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) { itemStatus } }',
    { id: first, input: { description: 'Oat Crunch Cereal', brand: 'Green Valley', department: 'Breakfast' } },
  );
  // Another company proposes the same UPC under another name.
  const proposal = await submitted(await apiAs(DEMO.other), upc, 'Oat Crunch');

  const page = await pageAt(browser, DEMO.admin, `/review/${proposal}`);
  const section = page.getByRole('region', { name: 'Catalogued product' });
  const table = section.getByRole('table', { name: 'Certified values beside the proposal' });
  await expect(table.getByRole('row', { name: /Description/ })).toHaveText(/Differs\s*Oat Crunch Cereal\s*Oat Crunch$/);
  await expect(table.getByRole('row', { name: /^Brand/ })).not.toContainText('Differs');
  await expect(table.getByRole('row', { name: /Department/ })).toContainText('Breakfast');
  await expect(section).toContainText('1 value differs from the proposal.');
  const image = section.getByRole('img', { name: 'The catalogued product, 1 of 1' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/review-compare-catalogued.png', fullPage: true });
  await expectAccessible(page, 'the review view with the catalogued product beside the proposal');
  await page.context().close();
});

test('a resubmission shows what changed since the rejection, with the comments of that rejection; a comment on an attribute reaches the supplier at it', async ({
  browser,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  const typo = uniqueEan13('41');
  const id = await submitted(supplier, typo, 'Rye bread');

  // The reviewer comments on an attribute of the proposal from the composer's "About", then rejects (R).
  const page = await pageAt(browser, DEMO.admin, `/review/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Review / })).toBeVisible();
  await page.getByRole('combobox', { name: 'About' }).selectOption('brand');
  await page.getByRole('textbox', { name: 'Comment' }).fill('Please fill in the brand printed on the pack.');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Comments to send with the rejection' })).toHaveText(
    /Brand: Please fill in the brand/,
  );
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Reject this item' });
  await dialog.getByRole('textbox').fill('Please send a clearer photo.');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await statusOf(supplier, id)).itemStatus).toBe('ADMIN_REJECTED');
  await page.context().close();

  // The supplier sees the comment at the attribute, then resubmits with another code and two photos.
  const own = await pageAt(browser, DEMO.supplier, `/productSubmissions/${id}/resubmit`);
  const details = own.getByRole('region', { name: "Reviewer's comments on other details" });
  await expect(details.getByRole('term')).toHaveText('Brand');
  await expect(details.getByRole('list', { name: "Reviewer's comments on the brand" })).toHaveText(
    /Please fill in the brand printed on the pack\./,
  );
  await own.context().close();
  const upc = uniqueEan13('41');
  const form = new FormData();
  form.append('id', id);
  form.append('upc', upc);
  for (const name of ['front.png', 'side.png'])
    form.append('files', new Blob([new Uint8Array(await barcodeImage(upc))], { type: 'image/png' }), name);
  const resubmitted = await supplier.post('/api/productSubmissions/resubmit', { multipart: form });
  expect(resubmitted.ok(), await resubmitted.text()).toBe(true);
  await expect
    .poll(async () => (await statusOf(supplier, id)).detectedUpcs, { message: 'the checks of the new photos' })
    .toHaveLength(1);

  const reviewer = await pageAt(browser, DEMO.admin, `/review/${id}`);
  const diff = reviewer.getByRole('region', { name: 'Changes since the rejection' });
  await expect(diff).toContainText('by Ada Admin: Please send a clearer photo.');
  await expect(diff.getByRole('list', { name: 'Comments sent with the earlier rejection' })).toHaveText(
    /Brand: Please fill in the brand printed on the pack\./,
  );
  const fields = diff.getByRole('table', { name: 'Fields changed since the rejection' });
  await expect(fields.getByRole('row', { name: /^UPC/ })).toHaveText(new RegExp(`Changed\\s*${typo}\\s*${upc}$`));
  await expect(diff.getByRole('list', { name: 'Files since the rejection' }).getByRole('listitem')).toHaveText([
    /^Replaced\s*front\.png/,
    /^New\s*side\.png/,
  ]);
  await diff.scrollIntoViewIfNeeded();
  await reviewer.screenshot({ path: 'test-results/review-compare-resubmission.png', fullPage: true });
  await expectAccessible(reviewer, 'the review view of a resubmission');
  await reviewer.context().close();
});
