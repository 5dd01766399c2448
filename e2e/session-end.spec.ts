import { expect, test } from '@playwright/test';
import { accountMenuButton, DEMO, logOut, signIn } from './support/fixtures.ts';

// Part 1 section 8: a 'not authorized' answer ends the session in this tab too (issue 17 item 5).
test('a session ended in another tab: the next click goes to the login page and back after signing in', async ({
  page,
}) => {
  await signIn(page, DEMO.supplier);
  await page.goto('/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();

  // Another tab of the same browser signs out: the session cookie is shared, the server forgets the session.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/activity');
  await accountMenuButton(otherTab, 'Sam').click();
  await otherTab.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(accountMenuButton(otherTab, 'Sam')).toBeHidden();
  await otherTab.close();

  await page.getByRole('link', { name: 'Catalog' }).click();
  await page.waitForURL(/\/login$/);
  await expect(accountMenuButton(page, 'Sam')).toBeHidden();
  await expect(page.getByText("We couldn't load the catalogued items")).toHaveCount(0);

  await page.getByLabel('Email').fill(DEMO.supplier.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/cataloguedProducts$/);
});

// Part 1 section 4: the page's messages go with it; a sign-out leaves none of the signed-in pages' messages behind.
test('no message survives sign-out: a wrong old password is not shown on the landing page', async ({ page }) => {
  await signIn(page, DEMO.supplier2);
  await page.goto('/account/password');
  await page.getByLabel('Old password').fill('Not-the-password-1');
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-word-1');
  await page.getByLabel('Confirm password').fill('Another-pass-word-1');
  await page.getByRole('button', { name: 'Save' }).click();
  const wrongOldPassword = page.getByText('Old password entered does not match existing password.');
  await expect(wrongOldPassword).toBeVisible();

  await logOut(page, 'Sasha');
  await expect(page.getByRole('heading', { level: 1, name: 'Get your products catalogued' })).toBeVisible();
  await expect(wrongOldPassword).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
