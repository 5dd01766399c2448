import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { accountMenuButton, DEMO, signIn } from './support/fixtures.ts';
import { apiAs, createNamedDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

/** A supplier's product, submitted, with its automated checks done (its photo shows its UPC: it waits for staff). */
async function submitted(api: APIRequestContext, productName: string): Promise<string> {
  const [id] = await submitDraft(api, await createNamedDraft(api, uniqueEan13('40'), productName));
  await expect
    .poll(
      async () =>
        (
          await graphql<{ getProductSubmission: { detectedUpcs: string[] } }>(
            api,
            'query($id: ID!) { getProductSubmission(id: $id) { detectedUpcs } }',
            { id },
          )
        ).getProductSubmission.detectedUpcs.length,
      { message: 'automated checks to settle' },
    )
    .toBeGreaterThan(0);
  return id;
}

const review = (api: APIRequestContext, id: string, status: string, reason?: string) =>
  graphql(
    api,
    'mutation($id: ID!, $status: DecisionStatus!, $reason: String) { updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }',
    {
      id,
      status,
      reason,
    },
  );

test('issue 19: the audit page lists staff actions; filtering by action shows that action and not the others', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const acceptedName = `Audited oats ${stamp}`;
  const rejectedName = `Audited rye ${stamp}`;
  const supplier = await apiAs(DEMO.supplier);
  const [acceptedId, rejectedId] = [await submitted(supplier, acceptedName), await submitted(supplier, rejectedName)];
  const admin = await apiAs(DEMO.admin);
  await review(admin, acceptedId, 'ACCEPTED');
  await review(admin, rejectedId, 'ADMIN_REJECTED', 'Label unreadable');

  // Reached from the account menu.
  await signIn(page, DEMO.admin);
  await accountMenuButton(page, 'Ada').click();
  await page.getByRole('menuitem', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff actions, newest first' });
  await expect(table.getByRole('row', { name: new RegExp(acceptedName) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(rejectedName) })).toBeVisible();

  // Filter by action: the accepted item, and not the rejected one.
  const filters = page.getByRole('search', { name: 'Filter the audit trail' });
  await filters.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Submission accepted' }).click();
  await expect(page).toHaveURL(/action=submission\.accepted/);
  const acceptedRow = table.getByRole('row', { name: new RegExp(acceptedName) });
  await expect(acceptedRow).toBeVisible();
  await expect(acceptedRow.getByRole('cell')).toContainText([
    '',
    'Ada Admin',
    'Submission accepted',
    acceptedName,
    'Green Valley Foods',
    'status: SUBMITTED',
    'status: ACCEPTED',
  ]);
  await expect(table.getByRole('row', { name: new RegExp(rejectedName) })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Submission rejected' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /^\/api\/audit\.csv\?action=submission\.accepted$/,
  );
  await expectAccessible(page, 'audit trail');
  await page.screenshot({ path: test.info().outputPath('audit-filtered.png'), fullPage: true });

  // The other action: the rejected item with its reason, not the accepted one.
  await filters.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Submission rejected' }).click();
  const rejectedRow = table.getByRole('row', { name: new RegExp(rejectedName) });
  await expect(rejectedRow).toContainText('reason: Label unreadable');
  await expect(table.getByRole('row', { name: new RegExp(acceptedName) })).toHaveCount(0);

  // The target opens its page.
  await rejectedRow.getByRole('link', { name: rejectedName }).click();
  await expect(page).toHaveURL(new RegExp(`/productSubmissions/${rejectedId}$`));
});

test('issue 19: a supplier has no Audit Trail entry and cannot open the page', async ({ page }) => {
  await signIn(page, DEMO.supplier);
  await accountMenuButton(page, 'Sam').click();
  await expect(page.getByRole('menuitem', { name: 'Audit Trail' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toHaveCount(0);
  expect((await page.request.get('/api/audit')).status()).toBe(403);
});
