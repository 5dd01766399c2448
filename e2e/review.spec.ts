import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { REVIEW_MSG } from '@portal/domain';
import { barcodeImage, plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, mailsTo, pageAt } from './support/fixtures.ts';
import { apiAs, createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Submission activity, staff review and resubmission. Only supplier2 (the supplier; same company as supplier@) and
// admin (staff) are used here, so other specs' changes to other accounts cannot interfere.

test.describe.configure({ mode: 'serial' });

interface Detail {
  itemStatus: string;
  detectedUpcs: string[];
  history: { fromStatus: string | null; toStatus: string; reason: string | null; by: string }[];
}
const detailOf = async (api: APIRequestContext, id: string) =>
  (
    await graphql<{ getProductSubmission: Detail }>(
      api,
      'query($id: ID!) { getProductSubmission(id: $id) { itemStatus detectedUpcs history { fromStatus toStatus reason by } } }',
      { id },
    )
  ).getProductSubmission;

/**
 * The supplier submits one product through the API: a photo showing `shown` (or no barcode), the UPC `entered`.
 * Waits until the automated checks have settled: codes read (still SUBMITTED) or AUTO_REJECTED.
 */
async function submitProduct(
  api: APIRequestContext,
  shown: string | null,
  entered: string,
  productName: string,
): Promise<string> {
  const image = shown ? await barcodeImage(shown) : await plainImage();
  const draftId = await createDraft(api, [
    { fileName: 'front.png', upc: entered, productName, image, isMarketingImage: true },
  ]);
  const [id] = await submitDraft(api, draftId);
  await expect
    .poll(
      async () => {
        const d = await detailOf(api, id);
        return (
          d.itemStatus === 'AUTO_REJECTED' ||
          (d.itemStatus === 'SUBMITTED' && (shown === null || d.detectedUpcs.length > 0))
        );
      },
      { message: 'automated checks to settle' },
    )
    .toBe(true);
  return id;
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const rowOf = (page: Page, upc: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: upc, exact: true }) });

let supplierApi: APIRequestContext;
test.beforeAll(async () => {
  supplierApi = await apiAs(DEMO.supplier2);
});
test.afterAll(async () => {
  await supplierApi?.dispose();
});

test('the supplier sees a pending item, staff reject it with a reason, the supplier resubmits a new photo', async ({
  browser,
}) => {
  const upc = uniqueEan13('40');
  const name = `Review Oats ${upc.slice(-5)}`;
  const id = await submitProduct(supplierApi, upc, upc, name);

  // Supplier: the item is in Pending Review (Active, narrowed to pending, in the list view the demo turns on).
  const supplier = await pageAt(browser, DEMO.supplier2, `/activity/pending?focus=${id}`);
  await expect(supplier.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
  await expect(supplier).toHaveTitle('Submission Activity | Product Hub');
  await expect(supplier.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    supplier
      .getByRole('navigation', { name: 'Filter active submissions by status' })
      .getByRole('link', { name: 'Pending Review' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = rowOf(supplier, upc);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByRole('cell').nth(2)).toHaveText(name);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Submitted');
  await expect(row.getByRole('cell').nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (am|pm)$/);
  await expect(row.getByRole('cell').nth(6)).toHaveText('N/A');
  await expect(row.getByRole('link', { name: upc })).toHaveAttribute('href', `/productSubmissions/${id}`);
  await expect(supplier.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/upload');
  const editToComplete = supplier.getByRole('button', { name: 'Edit to complete' });
  await expect(editToComplete).toBeDisabled();
  await row.getByRole('checkbox').check();
  await expect(editToComplete).toBeEnabled();
  await expect(
    supplier.getByRole('combobox', { name: "Choose which partner's submission status to show" }),
  ).toBeVisible();
  await expectAccessible(supplier, 'the activity page');
  await supplier.screenshot({ path: 'test-results/review-activity.png', fullPage: true });

  // Staff: the verification view with the badge; a rejection needs a reason.
  const staff = await pageAt(browser, DEMO.admin, `/productSubmissions/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeVisible();
  await expect(staff.getByText('Matches Photo')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Accept Item' })).toBeEnabled();
  await expect(staff.getByRole('button', { name: 'View front.png large' }).locator('img')).toHaveJSProperty(
    'complete',
    true,
  );
  await expectAccessible(staff, 'the staff detail page');
  await staff.screenshot({ path: 'test-results/review-staff-detail.png', fullPage: true });

  await staff.getByRole('button', { name: 'Reject' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject this item?' });
  await expect(dialog.getByRole('textbox', { name: /Reason for the rejection/ })).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Error: ${REVIEW_MSG.rejectionReasonRequired}`);
  await dialog.getByRole('textbox', { name: /Reason for the rejection/ }).fill('The label is cut off on the left.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(staff, 'Item has been rejected.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(staff.locator('dd').filter({ hasText: /^Rejected$/ })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Accept Item' })).toBeDisabled();
  // The buttons are disabled now: keyboard focus is on the review area, not lost to the page.
  await expect(staff.getByRole('group', { name: 'Review' })).toBeFocused();

  // Supplier: the rejected tab leads to the resubmission page with the reason; no appeal after staff rejected.
  await supplier.goto('/activity/rejected');
  await rowOf(supplier, upc).getByRole('link', { name: upc }).click();
  await supplier.waitForURL(`/productSubmissions/${id}/resubmit`);
  await expect(supplier.getByRole('heading', { level: 1, name: 'Rejected submission' })).toBeVisible();
  await expect(supplier.getByText('The label is cut off on the left.')).toBeVisible();
  await expect(supplier.getByRole('button', { name: 'Request validation' })).toHaveCount(0);
  // Back goes to the list the item was opened from (opened directly, to /activity/requires_action).
  await expect(supplier.getByRole('link', { name: /Back to Submission Activity/ })).toHaveAttribute(
    'href',
    '/activity/rejected',
  );
  const resubmit = supplier.getByRole('button', { name: 'Resubmit product' });
  await expect(resubmit).toBeDisabled();
  await expect(supplier.getByText(REVIEW_MSG.resubmitUpcHint)).toBeVisible();
  const upcField = supplier.getByRole('textbox', { name: 'UPC' });
  await expect(upcField).toHaveValue(upc);
  await upcField.fill('1234567');
  await upcField.blur();
  await expect(supplier.getByText(`Error: ${REVIEW_MSG.resubmitUpcHint}`)).toBeVisible();
  await upcField.fill(upc);
  const chooser = supplier.waitForEvent('filechooser');
  await supplier.getByRole('button', { name: 'Choose files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'front-new.png', mimeType: 'image/png', buffer: await barcodeImage(upc, { rotate: 5 }) });
  await expect(resubmit).toBeEnabled();
  await expectAccessible(supplier, 'the resubmission page');
  await supplier.screenshot({ path: 'test-results/review-resubmit.png', fullPage: true });
  await resubmit.click();
  await supplier.waitForURL(`/productSubmissions/${id}/resubmit/confirmation`);
  await expect(supplier.getByText(REVIEW_MSG.resubmitted)).toBeVisible();

  // The detail lists every change, oldest first.
  await supplier.getByRole('link', { name: 'View the item' }).click();
  await expect(supplier.getByRole('heading', { level: 1, name: 'Item details' })).toBeVisible();
  const history = supplier.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(history).toHaveCount(4);
  await expect(history.nth(1)).toContainText('Draft');
  await expect(history.nth(2)).toContainText('Ada Admin');
  await expect(history.nth(2)).toContainText('The label is cut off on the left.');
  await expect(history.nth(3)).toContainText('Resubmitted');
  await expect(supplier.getByRole('button', { name: 'View front-new.png large' })).toBeVisible();
  await expect(supplier.getByRole('button', { name: 'Accept Item' })).toHaveCount(0);
  await supplier.context().close();
  await staff.context().close();
});

test('an automatic rejection is appealed with request validation', async ({ browser }) => {
  const shown = uniqueEan13('40');
  const entered = uniqueEan13('40');
  const id = await submitProduct(supplierApi, shown, entered, `Review Mismatch ${entered.slice(-5)}`);
  expect((await detailOf(supplierApi, id)).itemStatus).toBe('AUTO_REJECTED');

  const supplier = await pageAt(browser, DEMO.supplier2, `/productSubmissions/${id}/resubmit`);
  await expect(supplier.getByText(REVIEW_MSG.barcodeMismatch(shown, entered))).toBeVisible();
  await expect(supplier.getByText('Rejected by our automated checks')).toBeVisible();
  // Labelled as the checks' rejection, not as a staff one: for the supplier and on the reviewer's badge.
  await expect(supplier.locator('dd').filter({ hasText: /^Rejected automatically$/ })).toBeVisible();
  const staff = await pageAt(browser, DEMO.admin, `/review/${id}`);
  await expect(staff.getByText('Rejected automatically', { exact: true }).first()).toBeVisible();
  await staff.context().close();
  await supplier.getByRole('button', { name: 'Request validation' }).click();
  await supplier.waitForURL((url) => url.pathname === '/activity/pending' && url.searchParams.get('focus') === id);
  await expect(toast(supplier, REVIEW_MSG.appealed)).toBeVisible();
  await expect(rowOf(supplier, entered)).toHaveAttribute('aria-current', 'true');
  await expect(rowOf(supplier, entered).getByRole('cell').nth(3)).toHaveText('Submitted');
  expect((await detailOf(supplierApi, id)).history.at(-1)).toMatchObject({
    fromStatus: 'AUTO_REJECTED',
    toStatus: 'SUBMITTED',
  });
  // The history says who rejected it: the automated checks, not a person, and not "Rejected → Rejected".
  await supplier.goto(`/productSubmissions/${id}`);
  const history = supplier.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(history.nth(2)).toContainText('Automated checks');
  await expect(history.nth(2)).toContainText(/Submitted\s*→\s*to\s*Rejected automatically/);
  await expect(history.nth(3)).toContainText(/Rejected automatically\s*→\s*to\s*Submitted/);
  await supplier.context().close();
});

test('staff accept an item: the notice, the history, and the e-mail to the supplier', async ({ browser }) => {
  const upc = uniqueEan13('40');
  const name = `Review Accept ${upc.slice(-5)}`;
  const id = await submitProduct(supplierApi, upc, upc, name);

  const staff = await pageAt(browser, DEMO.admin, `/productSubmissions/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeVisible();
  await staff.getByRole('button', { name: 'Accept Item' }).click();
  await expect(toast(staff, 'Item has been accepted.')).toBeVisible();
  await expect(staff.locator('dd').filter({ hasText: /^Accepted$/ })).toBeVisible();
  const last = staff.getByRole('table', { name: 'History' }).getByRole('row').last();
  await expect(last).toContainText('Ada Admin');
  await expect(last).toContainText(/Submitted\s*→\s*to\s*Accepted/);

  await expect
    .poll(
      async () =>
        (await mailsTo(DEMO.supplier2.email)).some((m) => m.subject === `Your product ${name} (UPC ${upc}): Accepted`),
      { message: 'the acceptance e-mail' },
    )
    .toBe(true);
  const mail = (await mailsTo(DEMO.supplier2.email)).find((m) => m.subject.includes(name))!;
  expect(mail.text).toContain(`/productSubmissions/${id}`);

  // The supplier edits the name in place: Enter saves the trimmed value.
  const supplier = await pageAt(browser, DEMO.supplier2, `/productSubmissions/${id}`);
  await supplier.getByRole('button', { name: 'Edit product name' }).click();
  const field = supplier.getByRole('textbox', { name: /Product name/ });
  await expect(field).toBeFocused();
  await field.fill(`  ${name} 2  `);
  await field.press('Enter');
  await expect(supplier.getByText(`${name} 2`, { exact: true })).toBeVisible();
  await expect(supplier.getByRole('button', { name: 'Edit product name' })).toBeFocused();
  await staff.context().close();
  await supplier.context().close();
});

test('the supplier deletes a submission from the list after confirming', async ({ browser }) => {
  const upc = uniqueEan13('40');
  const id = await submitProduct(supplierApi, upc, upc, `Review Delete ${upc.slice(-5)}`);
  const supplier = await pageAt(browser, DEMO.supplier2, `/activity/pending?focus=${id}`);
  const row = rowOf(supplier, upc);
  await row.getByRole('button', { name: new RegExp(`^Delete ${upc}`) }).click();
  const dialog = supplier.getByRole('dialog', { name: 'Delete this submission?' });
  await expect(dialog.getByText("Catalogued data for the item won't be affected.")).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(toast(supplier, 'The submission was deleted.')).toBeVisible();
  await supplier.goto(`/productSubmissions/${id}`);
  await expect(supplier.getByText("We couldn't find this submission. It may have been deleted.")).toBeVisible();
  await supplier.context().close();
});
