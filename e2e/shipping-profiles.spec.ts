import { expect, test, type APIRequestContext } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt, signIn } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Shipping profiles as the supplier of Green Valley Foods (supplier@, whose password no spec changes) and as admin@.
// The three products are submitted through the API; everything about profiles happens in the browser.

test.describe.configure({ mode: 'serial' });

let supplierApi: APIRequestContext;
test.beforeAll(async () => {
  supplierApi = await apiAs(DEMO.supplier);
});
test.afterAll(async () => {
  await supplierApi?.dispose();
});

/** Submits one draft with a product per UPC (their names sort first in the assignments list). */
async function submitProducts(items: { upc: string; name: string }[]) {
  const photos = items.map((it, i) => ({ fileName: `p${i}.png`, upc: it.upc, productName: it.name }));
  await submitDraft(supplierApi, await createDraft(supplierApi, photos));
}

test('a supplier creates a shipping profile, assigns three products (cancelling a change first) and chooses it during intake', async ({
  page,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const profileName = `Ambient case ${suffix}`;
  const upcs = [uniqueEan13('41'), uniqueEan13('41'), uniqueEan13('41')];
  const names = upcs.map((_, i) => `0000 Ship ${suffix} ${i + 1}`);
  // Four more products (named to sort last), so the company surely has more than one page of 8.
  const fillers = Array.from({ length: 4 }, (_, i) => ({
    upc: uniqueEan13('41'),
    name: `zzzz Filler ${suffix} ${i + 1}`,
  }));
  await submitProducts([...upcs.map((upc, i) => ({ upc, name: names[i] })), ...fillers]);

  await signIn(page, DEMO.supplier);
  await page.getByRole('navigation').getByRole('link', { name: 'Shipping Profiles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Profiles' })).toBeVisible();
  // Suppliers get no company search.
  await expect(page.getByPlaceholder('State your business')).toHaveCount(0);

  // Create: the rules answer in the dialog, then the profile is listed.
  await page.getByRole('button', { name: 'Add New Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Shipping Profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Error: Name is required')).toBeVisible();
  await expect(dialog.getByText('Error: Case count is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(profileName);
  await dialog.getByLabel('Case Count').fill('2.5');
  await dialog.getByLabel('Gross Weight', { exact: true }).fill('12.3456');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Error: Must be an integer')).toBeVisible();
  await expect(dialog.getByText('Error: Must have no more than 3 digits after decimal')).toBeVisible();
  await expect(dialog.getByText('Error: Unit is required')).toBeVisible();
  await dialog.getByLabel('Case Count').fill('12');
  await dialog.getByLabel('Gross Weight', { exact: true }).fill('20.5');
  await dialog.getByLabel('Gross Weight unit').selectOption('lbs');
  await dialog.getByLabel('Length', { exact: true }).fill('12');
  await dialog.getByLabel('Length unit').selectOption('in');
  await dialog.getByLabel('TI (Tiers)').fill('10');
  await dialog.getByLabel('HI (High)').fill('5');
  await expectAccessible(page, 'the create shipping profile dialog');
  await page.screenshot({ path: 'test-results/shipping-profile-dialog.png' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: profileName });
  await expect(row).toContainText('20.5 lbs');

  // A second profile with the same name in another case: the spec's message.
  await page.getByRole('button', { name: 'Add New Profile' }).click();
  await dialog.getByLabel('Name').fill(`  ${profileName.toUpperCase()} `);
  await dialog.getByLabel('Case Count').fill('6');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Error: Please choose a name not already in use.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit through the row's button.
  await page.getByRole('button', { name: `Edit ${profileName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Shipping Profile' });
  await expect(edit.getByLabel('Name')).toHaveValue(profileName);
  await edit.getByLabel('Case Count').fill('24');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell').nth(1)).toHaveText('24');
  await expectAccessible(page, 'the shipping profiles list');
  await page.screenshot({ path: 'test-results/shipping-profiles-list.png', fullPage: true });

  // Assignments: the three products, a change cancelled, then all three saved.
  await page.getByRole('link', { name: `Assign products to ${profileName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Assign products to ${profileName}` })).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Profile metrics' });
  await expect(metrics.getByRole('row', { name: /Count/ })).toContainText('24');
  await expect(metrics.getByRole('row', { name: /Tiers/ })).toContainText('10');
  await expect(metrics.getByRole('row', { name: /High/ })).toContainText('5');
  const box = (i: number) => page.getByRole('checkbox', { name: `Assign ${upcs[i]}, ${names[i]}` });
  const save = page.getByRole('button', { name: 'Save Items' });
  const cancel = page.getByRole('button', { name: 'Cancel' });
  // Page size 8: the company has more products than that, so there is a second page.
  await expect(page.getByRole('checkbox')).toHaveCount(8);
  await expect(
    page.getByRole('navigation', { name: 'Pages of products' }).getByRole('button', { name: 'Page 2' }),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await box(0).check();
  await expect(save).toBeEnabled();
  await cancel.click();
  await expect(box(0)).not.toBeChecked();
  await expect(save).toBeDisabled();
  for (const i of [0, 1, 2]) await box(i).check();
  await expectAccessible(page, 'the shipping profile assignments');
  await page.screenshot({ path: 'test-results/shipping-assignments.png', fullPage: true });
  await save.click();
  await expect(page.getByText('Shipping Profile Updates Applied')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.reload();
  for (const i of [0, 1, 2]) await expect(box(i)).toBeChecked();
  await page.getByRole('link', { name: 'Back to Shipping Profiles' }).click();
  await expect(page.getByRole('row').filter({ hasText: profileName }).getByRole('cell').nth(7)).toHaveText('3');

  // Intake step 2 lists the company's profiles; the choice becomes the product's.
  const upc = uniqueEan13('41');
  await page.goto('/upload');
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'crate.png', mimeType: 'image/png', buffer: await barcodeImage(upc) }]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('UPC for crate.png')).toHaveValue(upc);
  await page.getByRole('combobox', { name: 'Shipping profile for crate.png' }).click();
  await page.getByRole('option', { name: profileName }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/confirmation/);
  const products = await graphql<{ getShippingProfileForCurrentUser: { id: number; name: string }[] }>(
    supplierApi,
    'query { getShippingProfileForCurrentUser { id name } }',
    {},
  );
  const id = products.getShippingProfileForCurrentUser.find((p) => p.name === profileName)!.id;
  const assigned = await graphql<{ getShippingProfileProducts: { upc: string; associated: boolean }[] }>(
    supplierApi,
    'query($id: Int!) { getShippingProfileProducts(shippingProfileId: $id) { upc associated } }',
    { id },
  );
  expect(assigned.getShippingProfileProducts.find((p) => p.upc === upc)?.associated).toBe(true);
});

test("an administrator picks a company ('State your business') and sees its profiles or the empty state", async ({
  browser,
}) => {
  const admin = await pageAt(browser, DEMO.admin, '/shippingProfiles');
  await expect(admin.getByRole('heading', { level: 1, name: 'Shipping Profiles' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Add New Profile' })).toHaveCount(0);
  const search = admin.getByPlaceholder('State your business');
  await search.fill('Blue Harbor');
  await admin.getByRole('option', { name: 'Blue Harbor Snacks' }).click();
  await expect(admin).toHaveURL(/companyId=1002/);
  await expect(admin.getByText('No shipping profiles are associated with the selected company')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Add New Profile' })).toBeEnabled();
  await search.fill('Green Valley');
  await admin.getByRole('option', { name: 'Green Valley Foods' }).click();
  await expect(admin).toHaveURL(/companyId=1001/);
  await expect(admin.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expectAccessible(admin, "the administrators' shipping profiles");
  await admin.screenshot({ path: 'test-results/shipping-profiles-admin.png', fullPage: true });
  await admin.context().close();
});

test('a read-only administrator picks a company to look at its shipping profiles and webhooks, and may change neither', async ({
  browser,
}) => {
  const viewer = await pageAt(browser, DEMO.viewer, '/shippingProfiles');
  await viewer.getByPlaceholder('State your business').fill('Blue Harbor');
  await viewer.getByRole('option', { name: 'Blue Harbor Snacks' }).click();
  await expect(viewer).toHaveURL(/companyId=1002/);
  await expect(viewer.getByText('No shipping profiles are associated with the selected company')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Add New Profile' })).toHaveCount(0);

  // The webhooks page shares the company search; a viewer is not invited to add one.
  await viewer.goto('/webhooks');
  await viewer.getByPlaceholder('State your business').fill('Blue Harbor');
  await viewer.getByRole('option', { name: 'Blue Harbor Snacks' }).click();
  await expect(viewer.getByText('This company has no webhooks.')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
  await viewer.context().close();
});
