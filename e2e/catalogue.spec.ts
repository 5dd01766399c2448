import { expect, test, type APIRequestContext } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAs, pageAt } from './support/fixtures.ts';
import { apiAs, createNamedDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// The catalogue from the supplier side: supplier@ (Green Valley Foods; its password is never changed by any spec) and admin.
// The item is made here through the API (submitted, accepted); staff then catalogue it through the form in the browser.

test.describe.configure({ mode: 'serial' });

async function checksSettled(api: APIRequestContext, id: string) {
  await expect
    .poll(
      async () => {
        const d = (
          await graphql<{ getProductSubmission: { itemStatus: string; detectedUpcs: string[] } }>(
            api,
            'query($id: ID!) { getProductSubmission(id: $id) { itemStatus detectedUpcs } }',
            { id },
          )
        ).getProductSubmission;
        return d.itemStatus === 'SUBMITTED' && d.detectedUpcs.length > 0 ? 'ready' : d.itemStatus;
      },
      { message: 'automated checks to settle' },
    )
    .toBe('ready');
}

const accept = (staff: APIRequestContext, id: string) =>
  graphql(staff, 'mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { itemStatus } }', {
    id,
  });

let supplierApi: APIRequestContext;
let staffApi: APIRequestContext;
test.beforeAll(async () => {
  supplierApi = await apiAs(DEMO.supplier);
  staffApi = await apiAs(DEMO.admin);
});
test.afterAll(async () => {
  await supplierApi?.dispose();
  await staffApi?.dispose();
});

test('the supplier finds a catalogued item, sees its certified values, and new images show once staff accept them', async ({
  browser,
}) => {
  const upc = uniqueEan13('41');
  const description = `Harbor Crackers ${upc.slice(-5)}`;

  // Through the API: submit a photo of the barcode, staff accept it and catalogue it.
  const [id] = await submitDraft(supplierApi, await createNamedDraft(supplierApi, upc, description));
  await checksSettled(supplierApi, id);
  await accept(staffApi, id);

  // Staff catalogue it in the browser: the form of the accepted item's verification page.
  const staff = await pageAt(browser, DEMO.admin, `/productSubmissions/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeVisible();
  const form = staff.getByRole('region', { name: 'Catalogue this item' });
  await expect(form).toBeVisible();
  const input = (label: string) => form.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });
  await form.getByRole('button', { name: 'Catalogue item' }).click();
  await expect(form.getByText('Error: Description is required.')).toBeVisible();
  await expect(form.getByText('Error: Brand is required.')).toBeVisible();
  await input('Item description').fill(description);
  await input('Brand').fill('Blue Harbor');
  await input('Department').fill('Grocery');
  await input('Category').fill('Snacks');
  await input('Subcategory').fill('Crackers');
  await input('Size').fill('7');
  await input('Unit of measure').fill('oz');
  await input('Pack count').fill('0');
  await form.getByRole('button', { name: 'Catalogue item' }).click();
  await expect(form.getByText('Error: Pack count must be a whole number greater than 0.')).toBeVisible();
  await input('Pack count').fill('6');
  await expectAccessible(staff, 'the catalogue form');
  await form.getByRole('button', { name: 'Catalogue item' }).click();
  await expect(staff.getByText('Item has been catalogued.')).toBeVisible();
  await expect(staff).toHaveURL(new RegExp(`/cataloguedProducts/${upc}$`));
  await expect(staff.getByRole('heading', { level: 1, name: 'Catalogued item' })).toBeVisible();
  await staff.context().close();

  // The supplier: Catalog in the main navigation, then the UPC filter narrows the list to the item.
  const supplier = await pageAs(browser, DEMO.supplier);
  await supplier.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalog' }).click();
  await expect(supplier.getByRole('heading', { level: 1, name: 'My Products - Catalogued Items' })).toBeVisible();
  await expect(supplier).toHaveTitle(/Catalogued Items/);
  await supplier.getByRole('textbox', { name: /Filter by UPC/ }).fill(upc.slice(0, 9));
  await expect(supplier).toHaveURL(new RegExp(`upc=${upc.slice(0, 9)}`));
  const link = supplier.getByRole('link', { name: upc, exact: true });
  await expect(link).toBeVisible();
  const row = supplier.getByRole('row').filter({ has: link });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Blue Harbor');
  await expect(row.getByRole('cell').nth(1)).toHaveText(description);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expectAccessible(supplier, 'the catalogued list');
  // Narrow screens: a card with UPC, description and date modified instead of the table.
  await supplier.setViewportSize({ width: 600, height: 900 });
  const card = supplier.getByRole('list', { name: 'Catalogued items' }).getByRole('listitem').filter({ hasText: upc });
  await expect(card).toContainText(description);
  await expect(card).toContainText(/Date Modified: \d{2}\/\d{2}\/\d{4}/);
  await expect(supplier.getByRole('table')).toBeHidden();
  await supplier.setViewportSize({ width: 1280, height: 720 });
  await supplier.getByRole('textbox', { name: /Filter by UPC/ }).fill('9999999');
  await expect(supplier.getByText('No info found')).toBeVisible();
  await supplier.getByRole('textbox', { name: /Filter by UPC/ }).fill(upc);
  await supplier.getByRole('link', { name: upc, exact: true }).click();

  // The detail: certified values and the one image of the catalogued submission.
  await expect(supplier).toHaveURL(new RegExp(`/cataloguedProducts/${upc}$`));
  await expect(supplier.getByText('Catalogued', { exact: true })).toBeVisible();
  const value = (label: string) =>
    supplier.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Item description')).toHaveText(description);
  await expect(value('Brand')).toHaveText('Blue Harbor');
  await expect(value('Department')).toHaveText('Grocery');
  await expect(value('Category')).toHaveText('Snacks');
  await expect(value('Subcategory')).toHaveText('Crackers');
  await expect(value('Pack count')).toHaveText('6');
  await expect(value('Size')).toHaveText('7');
  await expect(value('Unit of measure')).toHaveText('oz');
  await expect(supplier.getByText(/Values are certified as of \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await expect(supplier.getByRole('button', { name: 'Show image 1 of 1' })).toBeVisible();
  await expectAccessible(supplier, 'the catalogued item');

  // Add an image: a new submission for review.
  await supplier.getByRole('link', { name: 'Submit more product images' }).click();
  await expect(supplier).toHaveURL(new RegExp(`/cataloguedProducts/${upc}/upload/file_select$`));
  await expect(supplier.getByRole('heading', { level: 1, name: 'Upload product image(s)' })).toBeVisible();
  await expect(supplier.getByRole('textbox', { name: 'UPC' })).toHaveValue(upc);
  const chooser = supplier.waitForEvent('filechooser');
  await supplier.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'side.png', mimeType: 'image/png', buffer: await barcodeImage(upc) });
  await expectAccessible(supplier, 'the add-images page');
  const answer = supplier.waitForResponse((r) => r.url().endsWith(`/api/cataloguedProducts/${upc}/images`));
  await supplier.getByRole('button', { name: 'Submit product' }).click();
  const newId = ((await (await answer).json()) as { id: string }).id;
  await expect(
    supplier.getByText(/^Submission Successful\. After review and acceptance, the image\(s\) will display/),
  ).toBeVisible();

  // Until staff accept it, the product still has one image; afterwards two.
  await checksSettled(supplierApi, newId);
  await supplier.getByRole('link', { name: 'Back to the catalogued item' }).click();
  await expect(supplier.getByRole('button', { name: 'Show image 1 of 1' })).toBeVisible();
  await accept(staffApi, newId);
  await supplier.reload();
  await expect(supplier.getByRole('button', { name: 'Show image 2 of 2' })).toBeVisible();
  await supplier.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(supplier.getByRole('img', { name: `${description}, image 2 of 2` })).toBeVisible();
  await supplier.screenshot({ path: 'test-results/catalogue-detail.png', fullPage: true });
});
