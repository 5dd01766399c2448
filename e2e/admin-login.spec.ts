import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config.ts';
import { accountMenuButton, DEMO, logOut, openAccountMenu, signIn } from './support/fixtures.ts';

test('administrator login through Staff SSO (OpenID Connect)', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Log in as Administrator' }).click();
  await expect(page).toHaveURL(/\/login\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');

  await page.getByRole('link', { name: 'Continue with Staff SSO' }).click();
  // The provider's development login form.
  await expect(page).toHaveURL(new RegExp(`^${E2E.oidc.replace(/\./g, '\\.')}/`));
  await page.getByPlaceholder('Enter any login').fill('staff-admin');
  await page.getByPlaceholder('and password').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back in the portal, signed in as the provider's user.
  await expect(page).toHaveURL(`${E2E.portal}/activity/pending`);
  await expect(accountMenuButton(page, 'Stella')).toBeVisible();
  const me = await (await page.request.get('/api/user')).json();
  expect(me).toMatchObject({ email: 'staff.admin@idp.example', firstName: 'Stella', isAuth0User: false });

  // Administrator items, but no Account: the provider manages this account. Its API tokens are here (issue 21).
  const items = await openAccountMenu(page, 'Stella');
  expect(items).toContain('Access');
  expect(items).toContain('Settings');
  expect(items).not.toContain('Account');
  expect(items).toEqual([
    'API tokens',
    'Access',
    'Settings',
    'Jobs',
    'Audit Trail',
    'Imports',
    'Webhooks',
    'Submission Schedule',
    'FAQs',
    'Logout',
  ]);
  await page.getByRole('menuitem', { name: 'Access' }).click();
  await expect(page).toHaveURL(/\/access$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Product Hub Access' })).toBeVisible();

  await logOut(page, 'Stella');
  await expect(page).toHaveURL(`${E2E.portal}/`);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('the administrator login page also takes portal credentials of a local administrator', async ({ page }) => {
  await signIn(page, DEMO.admin, '/login/admin');
  await expect(page).toHaveURL(/\/activity\/pending$/);
  await expect(accountMenuButton(page, 'Ada')).toBeVisible();
});

test('an OpenID Connect user who opens /account directly is told the page is not available', async ({ page }) => {
  await page.goto('/login/admin');
  await page.getByRole('link', { name: 'Continue with Staff SSO' }).click();
  await page.getByPlaceholder('Enter any login').fill('staff-admin');
  await page.getByPlaceholder('and password').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(accountMenuButton(page, 'Stella')).toBeVisible();

  for (const path of ['/account/information', '/account/password']) {
    await page.goto(path);
    await expect(accountMenuButton(page, 'Stella')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      "Did you take a wrong turnip? We can't display the page requested.",
    );
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await expect(page.getByLabel('Old password')).toHaveCount(0);
  }
});
