import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BULK_EDIT_MSG } from '@portal/domain';
import { E2E } from '../playwright.config.ts';
import { apiContext } from './support/api-context.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';
import { createNamedDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Edit Multiple Products (issue 7): the supplier comes through the demo partner 30443, whose rules (every flag at its
// default) show all four steps and require every field, so the Partner Status column reads Incomplete, then Complete.
const PARTNER = 30443;
const at = (path: string) => `/${PARTNER}${path}`;

/** An API session signed in through the partner's login, as the co-branded login form does. */
async function partnerApi(): Promise<APIRequestContext> {
  const api = await apiContext(E2E.portal);
  const res = await api.post('/api/auth/login', {
    form: { username: DEMO.supplier.email, password: DEMO.supplier.password, partner: String(PARTNER) },
  });
  expect(res.ok(), `login: ${res.status()}`).toBe(true);
  return api;
}

/** One submission through the draft API: a photo showing its UPC, that UPC and a name. */
async function submit(api: APIRequestContext, upc: string, productName: string): Promise<string> {
  const [id] = await submitDraft(api, await createNamedDraft(api, upc, productName));
  return id;
}

const COMPLETE = {
  companyName: 'Sunrise Test Brand',
  suggestedClass: 'FOOD & BEVERAGE - SNACKS & CANDY',
  height: 4.25,
  width: 2,
  depth: 1.5,
  size: 12,
  uom: 'oz',
  fobCost: 1.25,
  msrp: 3.99,
  edlp: 3.49,
  deliveredCost: 1.5,
  wholesaleCost: 2.1,
  freeFill: true,
  inStoreDemo: false,
  fairShareMerchandisingSupport: true,
  paidAds: false,
  offInvoice: true,
  tpr: false,
};

const rowOf = (page: Page, upc: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: upc, exact: true }) });
const cell = (page: Page, label: string, upc: string) =>
  page.getByRole('textbox', { name: `${label} for UPC ${upc}`, exact: true });

test('the supplier selects three submissions, edits them step by step, fixes the red cell and sees the confirmation', async ({
  page,
}) => {
  const api = await partnerApi();
  const upcs = [uniqueEan13('40'), uniqueEan13('40'), uniqueEan13('40')];
  const ids: string[] = [];
  for (const [i, upc] of upcs.entries()) ids.push(await submit(api, upc, `Bulk Crackers ${i + 1} ${upc.slice(-4)}`));
  // Most cells are filled beforehand; the screen fills the rest: the first row's height, the third row's TPR, and the
  // third row's suggested class, which is left empty at first.
  await graphql(
    api,
    'mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { id } }',
    {
      rows: [
        { id: ids[0], ...COMPLETE, height: null },
        { id: ids[1], ...COMPLETE },
        { id: ids[2], ...COMPLETE, suggestedClass: null, tpr: null },
      ],
    },
  );
  await api.dispose();

  await signInThroughApi(page, DEMO.supplier, PARTNER);
  await page.goto(at('/activity/all'));
  // Partner Status before: the second row is already complete, the other two are not.
  for (const [i, upc] of upcs.entries()) {
    await expect(rowOf(page, upc).getByRole('cell').nth(6)).toHaveText(i === 1 ? 'Complete' : 'Incomplete');
    await rowOf(page, upc).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Edit to complete' }).click();
  await page.waitForURL(
    (url) =>
      url.pathname === at('/edit-multiple') && url.searchParams.get('productSubmissionIds')?.split(',').length === 3,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Multiple Products' })).toBeVisible();
  for (const step of ['Basic Attributes', 'Placement', 'Pricing', 'Promotion'])
    await expect(page.getByRole('button', { name: step })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('rowheader', { name: upcs[0] })).toBeVisible();

  // Basic Attributes: rename the first product with the keyboard (Enter commits); the third row's class is empty: yellow.
  const className = page.getByRole('combobox', { name: `Suggested Class for UPC ${upcs[2]}`, exact: true });
  await expect(className).toHaveAttribute('data-cell-state', 'warning');
  await expect(className).toHaveAttribute('placeholder', 'Search for class');
  const name1 = cell(page, 'Product Name', upcs[0]);
  await name1.fill('Bulk Crackers Renamed');
  await name1.press('Escape');
  await expect(name1).toHaveValue(/^Bulk Crackers 1 /);
  await name1.fill('Bulk Crackers Renamed');
  await name1.press('Enter');
  await expectAccessible(page, 'the bulk edit stepper');
  await page.screenshot({ path: 'test-results/bulk-edit-stepper.png', fullPage: true });

  // Next saves, then the check fails: the empty required cell turns red and the step stays.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(className).toHaveAttribute('aria-invalid', 'true');
  await expect(className).toHaveAttribute('data-cell-state', 'error');
  await expect(className).toBeFocused();
  await expect(page.getByText(BULK_EDIT_MSG.required('Suggested Class'))).toBeVisible();
  // The focused select's list stays closed, so it does not cover the error under the cell.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/bulk-edit-step-error.png', fullPage: true });

  // Fixing it with the keyboard clears the error.
  await className.focus();
  await className.fill('snacks');
  // Typing opens the list (focus alone does not); a person arrows down once they see the option.
  await expect(page.getByRole('option', { name: 'FOOD & BEVERAGE - SNACKS & CANDY' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(className).toHaveValue('FOOD & BEVERAGE - SNACKS & CANDY');
  await expect(className).toHaveAttribute('data-cell-state', 'ok');
  await expect(className).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Next' }).click();

  // Placement: the number cell keeps what is typed and rounds to 3 decimals on commit, saying so; Tab moves on.
  const height = cell(page, 'Height (in)', upcs[0]);
  await expect(height).toHaveAttribute('data-cell-state', 'warning');
  await height.pressSequentially('5.12345');
  await expect(height).toHaveValue('5.12345');
  await page.keyboard.press('Tab');
  await expect(cell(page, 'Width (in)', upcs[0])).toBeFocused();
  await expect(height).toHaveValue('5.123');
  await expect(page.getByText(BULK_EDIT_MSG.rounded('5.123'))).toBeVisible();
  await expect(height).toHaveAttribute('data-cell-state', 'ok');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: BULK_EDIT_MSG.saved })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Pricing: everything is there; money shows two decimals.
  await expect(cell(page, 'MSRP', upcs[1])).toHaveValue('3.99');
  await page.getByRole('button', { name: 'Next' }).click();

  // Promotion: the third row's TPR.
  const tpr = page.getByRole('combobox', { name: `TPR for UPC ${upcs[2]}`, exact: true });
  await expect(tpr).toHaveAttribute('data-cell-state', 'warning');
  await tpr.click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await expect(tpr).toHaveValue('Yes');
  await page.getByRole('button', { name: 'Next' }).click();

  // The confirmation counts the three ids.
  await page.waitForURL((url) => url.pathname === at('/edit-multiple/confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation' })).toBeVisible();
  await expect(page.getByText('3 products updated.')).toBeVisible();
  await expect(
    page.getByText(
      /the Partner Status column on the Activity Page shows what that partner still needs; imported products/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to Brand Profile' })).toHaveAttribute(
    'href',
    at('/brandProfile'),
  );
  await expectAccessible(page, 'the bulk edit confirmation');
  await page.screenshot({ path: 'test-results/bulk-edit-confirmation.png', fullPage: true });

  // The Activity Page's Partner Status column now reads Complete for all three.
  await page.getByRole('link', { name: 'Go to Activity Page' }).click();
  for (const upc of upcs) await expect(rowOf(page, upc).getByRole('cell').nth(6)).toHaveText('Complete');
  await expect(rowOf(page, upcs[0]).getByRole('cell').nth(2)).toHaveText('Bulk Crackers Renamed');
});
