import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signIn } from './support/fixtures.ts';
import { apiAs, graphql } from './support/seed-api.ts';

// Issue 17 item 13: on a partner's pages every primary control takes the partner's colours, dialogs included.
// The demo partner 30443: primary colour #2e7d32, button colour #fbc02d (server/src/demo/seed.ts).
const PARTNER = 30443;
const PRIMARY = 'rgb(46, 125, 50)';
const BUTTON = 'rgb(251, 192, 45)';
const BLACK = 'rgb(0, 0, 0)';

const style = (locator: Locator, property: 'color' | 'backgroundColor') =>
  locator.evaluate((el, p) => getComputedStyle(el)[p], property);
/** A colour the page resolves (a CSS variable), as the browser writes it. */
const resolved = (page: Page, value: string) =>
  page.evaluate((v) => {
    const probe = document.createElement('span');
    probe.style.color = v;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, value);

test("the partner's login page and signed-in pages, dialogs included, use the partner's colours", async ({ page }) => {
  const api = await apiAs(DEMO.supplier2);
  const name = `Co-branded ${Date.now()}`;
  await graphql(api, 'mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }', {
    input: { name, caseCount: 6 },
  });
  await api.dispose();

  await page.goto(`/${PARTNER}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await style(page.getByRole('link', { name: 'Forgot your password?' }), 'color')).toBe(PRIMARY);
  expect(await style(page.getByRole('link', { name: 'Create one' }), 'color')).toBe(PRIMARY);
  await page.getByLabel('Email').fill(DEMO.supplier2.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier2.password);
  const logIn = page.getByRole('button', { name: 'Log in', exact: true });
  // Disabled (grey) until the form's schemas, fetched at the first focus, say the fields are valid.
  await expect(logIn).toBeEnabled();
  expect(await style(logIn, 'backgroundColor')).toBe(BUTTON);
  expect(await style(logIn, 'color')).toBe(BLACK);
  await expectAccessible(page, "the partner's login");

  await signIn(page, DEMO.supplier2, `/${PARTNER}/login`);
  await page.goto(`/${PARTNER}/shippingProfiles`);
  const edit = page.getByRole('button', { name: `Edit ${name}` });
  await expect(edit).toBeVisible();
  expect(await style(edit, 'backgroundColor')).toBe(await resolved(page, 'var(--mantine-color-brand-light)'));
  expect(await resolved(page, 'var(--mantine-color-brand-light)')).not.toBe(
    await resolved(page, 'rgba(30, 122, 63, 0.1)'),
  );
  await page.getByRole('button', { name: 'Add New Profile' }).click();
  const create = page.getByRole('dialog').getByRole('button', { name: 'Create' });
  await expect(create).toBeVisible();
  expect(await style(create, 'backgroundColor')).toBe(BUTTON);
  expect(await style(create, 'color')).toBe(BLACK);
  await expectAccessible(page, "the partner's shipping profile dialog");
});
