import { expect, test, type Locator, type Page } from '@playwright/test';
import { plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAt } from './support/fixtures.ts';

// The brand profile of Green Valley Foods, made by its second user (supplier2@, whose password no spec changes).

/**
 * Picks an option of a select or multi-select by typing it. On a busy machine the list may close or re-render between
 * typing and clicking (a lookup refetched, the field's error line came or went), so the whole gesture is tried again
 * until the option is chosen.
 */
async function choose(page: Page, label: string, option: string, picked?: Locator) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await expect(async () => {
    // Clicking a picked option of a multi-select takes it off again: a try after a click that landed (but was
    // reported late, on a busy machine) must see that it did.
    if (picked && (await picked.count()) > 0) return;
    await input.click();
    await input.fill(option);
    // Limits of one try, not of the gesture: toPass tries again until the test's own limit.
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 10_000 }); // one try
    if (picked) await expect(picked).toHaveCount(1, { timeout: 5_000 }); // one try
  }).toPass();
}

/** The pill of a picked state in the States multi-select. */
const statePill = (page: Page, state: string) =>
  page.locator('.mantine-MultiSelect-pill').filter({ hasText: new RegExp(`^${state}$`) });

/** The form is there once the profile and lookups have loaded (slow on a busy machine). */
const formLoaded = (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Brand profile sections' })).toBeVisible();

test('a supplier creates a brand profile with a logo and states, hides and publishes it, and finds it kept after a reload', async ({
  browser,
}) => {
  const page = await pageAt(browser, DEMO.supplier2, '/brandProfile');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Profile' })).toBeVisible();
  await formLoaded(page);

  // The sticky quick-link menu, 18 px from the top, with the eight sections.
  const menu = page.getByRole('navigation', { name: 'Brand profile sections' });
  await expect(menu.getByRole('link')).toHaveText([
    'About Your Brand',
    'Marketing Materials',
    'Social Media Profiles',
    'Samples',
    'Investment Status',
    'Sales Contact Information',
    'Primary Broker Information',
    'Distribution',
  ]);
  expect(await menu.evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).top])).toEqual([
    'sticky',
    '18px',
  ]);
  await menu.getByRole('link', { name: 'Distribution' }).click();
  await expect(page.getByRole('heading', { name: 'Distribution', level: 2 })).toBeInViewport();
  await expect(menu).toBeInViewport(); // still there after the page scrolled

  // Nothing stored yet: 'No info found', and Save waits for a valid, changed form.
  await expect(page.getByText('Current file: No info found')).toHaveCount(3);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // A required field left empty says so.
  await page.getByLabel('Brand website').fill('greenvalley');
  await page.getByLabel('Brand website').blur();
  await expect(page.getByText('Please enter a valid URL.')).toBeVisible();
  await page.getByLabel('Brand website').fill('https://greenvalley.example');

  await choose(page, 'Country', 'United States');
  await choose(page, 'State', 'California');
  await choose(page, 'City', 'Los Angeles');
  // Year founded keeps digits only, at most 4.
  await page.getByLabel('Year founded').pressSequentially('19a98x7');
  await expect(page.getByLabel('Year founded')).toHaveValue('1998');
  await page.getByLabel('Brand story').fill('A family farm in the valley since 1998.');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Brand logo' }).click();
  await (await chooser).setFiles({ name: 'green-logo.png', mimeType: 'image/png', buffer: await plainImage() });
  await expect(page.getByText('green-logo.png')).toBeVisible();

  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Sales contact name').fill('Sasha Second');
  await page.getByLabel('Sales contact email').fill('sasha@greenvalley.example');
  await choose(page, 'Primary distribution method', 'Distributor');

  // States range: at least one state; another range clears them.
  await page.getByRole('radio', { name: 'States', exact: true }).check();
  await expect(page.getByText('Please select at least on state.')).toBeVisible();
  await expect(save).toBeDisabled();
  await choose(page, 'States', 'California', statePill(page, 'California'));
  await choose(page, 'States', 'Oregon', statePill(page, 'Oregon'));
  await page.getByRole('radio', { name: 'National', exact: true }).check();
  await page.getByRole('radio', { name: 'States', exact: true }).check();
  await expect(page.getByText('Please select at least on state.')).toBeVisible();
  await choose(page, 'States', 'California', statePill(page, 'California'));
  await choose(page, 'States', 'Oregon', statePill(page, 'Oregon'));
  await page.keyboard.press('Escape');

  await expect(save).toBeEnabled();
  await expectAccessible(page, 'brand profile form');
  await save.click();
  await expect(page.getByText('Brand profile saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'green-logo.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Current brand logo' })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.screenshot({ path: 'test-results/brand-profile.png', fullPage: true });

  // Hide, then the stored state survives a reload.
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await page.getByText('Hide', { exact: true }).click();
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
  await page.reload();
  await formLoaded(page);
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Los Angeles');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('United States');
  await expect(page.getByRole('link', { name: 'green-logo.png' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'States', exact: true })).toBeChecked();
  const states = page.locator('.mantine-MultiSelect-pill');
  await expect(states).toHaveText(['California', 'Oregon']);

  await page.getByText('Publish', { exact: true }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await page.reload();
  await formLoaded(page);
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  // The stored logo downloads as it was sent.
  const logo = await page.request.get((await page.getByRole('link', { name: 'green-logo.png' }).getAttribute('href'))!);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  await page.context().close();
});
