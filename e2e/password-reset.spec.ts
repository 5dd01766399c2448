import { expect, test } from '@playwright/test';
import { restorePassword } from './support/api.ts';
import { accountMenuButton, DEMO, linkFromMail, logOut, mailsTo, signIn } from './support/fixtures.ts';

// Changes supplier2@example.com's (Sasha's) password and ends with the original; it runs after the specs that sign
// in as Sasha (project 'account changes' in playwright.config.ts).
const who = DEMO.supplier2;
const NEW_PASSWORD = 'Reset-e2e-Pass-7';
const RESET_LINK = /http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/;

test.afterAll(async () => {
  await restorePassword(who.email, who.password, [NEW_PASSWORD]);
});

test('reset by e-mail: request, follow the link, choose a password, sign in, put the old one back', async ({
  page,
}) => {
  // The request form, reached from the login page.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  const email = page.getByLabel('Email');
  await email.fill('sasha@');
  await email.blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await email.fill('');
  await expect(page.getByText('Please enter an email address.')).toBeVisible();
  await expect(send).toBeDisabled();

  const before = (await mailsTo(who.email)).length;
  await email.fill(who.email);
  await send.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password link sent' })).toBeVisible();
  await expect(page.getByText(/If nothing arrives within 30 minutes, contact support/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

  // The e-mail.
  const link = await linkFromMail(who.email, RESET_LINK, before);
  const mail = (await mailsTo(who.email)).at(-1)!;
  expect(mail.subject).toBe('Reset your Product Hub password');

  // Choosing a new password.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  const newPassword = page.getByLabel('New password');
  const confirm = page.getByLabel('Confirm password');
  const change = page.getByRole('button', { name: 'Change password' });
  await expect(confirm).toBeDisabled();
  await newPassword.fill('weakpass');
  await newPassword.blur();
  await expect(page.getByText('Does not meet requirements')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expect(change).toBeDisabled();

  await newPassword.fill(NEW_PASSWORD);
  await expect(page.getByText('Does not meet requirements')).toBeHidden();
  await expect(confirm).toBeEnabled();
  await confirm.fill(`${NEW_PASSWORD}x`);
  await confirm.blur();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(change).toBeDisabled();
  await confirm.fill(NEW_PASSWORD);
  await expect(page.getByText('Passwords do not match.')).toBeHidden();
  await change.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');

  // The same link a second time: the server's message, and a way to ask for a new one.
  await page.goto(link);
  await page.getByLabel('New password').fill('Another-pass-8');
  await page.getByLabel('Confirm password').fill('Another-pass-8');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password link has expired or was already used. Please request a new one.',
  );
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, { email: who.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/activity\/requires_action$/);
  await expect(accountMenuButton(page, 'Sasha')).toBeVisible();

  // Back to the original password through Password settings.
  await accountMenuButton(page, 'Sasha').click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await page.getByRole('tab', { name: 'Password settings' }).click();
  await page.getByLabel('Old password').fill(NEW_PASSWORD);
  await page.getByLabel('New password').fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  await logOut(page, 'Sasha');
  await signIn(page, who);
  await expect(accountMenuButton(page, 'Sasha')).toBeVisible();
});

test('an unknown address gets the same confirmation, and no e-mail', async ({ page }) => {
  const nobody = 'nobody-e2e@example.com';
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password link sent' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await mailsTo(nobody)).toEqual([]);
});
