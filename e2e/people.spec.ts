import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO, linkFromMail, mailsTo, signIn } from './support/fixtures.ts';

const INVITATION_LINK = /http:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/;

test('an administrator adds a supplier company and its user; the invitee sets a password from the e-mail and signs in', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Meadow Farms ${stamp}`;
  const email = `mia.${stamp}@meadow.example`;

  await signIn(page, DEMO.admin);
  // Staff navigation: staff pages, not the supplier's company pages.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Submissions',
    'Catalog',
    'Review',
    'Settings',
    'Jobs',
    'Audit',
    'Access',
    'People',
  ]);
  await nav.getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['People']);
  await expect(page.getByRole('cell', { name: DEMO.admin.email })).toBeVisible();

  await page.getByLabel('New company name').fill(company);
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(page.getByText(`Company ${company} added.`)).toBeVisible();
  await page.getByLabel('Find a company').fill('Meadow Farms');
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(page.getByText('No users yet.')).toBeVisible();

  // The shared rules, before anything is sent.
  const form = page.getByRole('form', { name: 'Invite user' });
  await form.getByLabel('E-mail').fill('not-an-address');
  await form.getByLabel('E-mail').blur();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Mia');
  await form.getByLabel('Last name').fill('Meadow');
  const before = (await mailsTo(email)).length;
  await form.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await expectAccessible(page, 'company people page');

  // The invitee, in a browser of their own.
  const link = await linkFromMail(email, INVITATION_LINK, before);
  expect((await mailsTo(email)).at(-1)!.subject).toBe('You are invited to Product Hub');
  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(invitee.getByText(`Choose a password for ${email} (${company})`)).toBeVisible();
  await invitee.getByLabel('New password').fill('Meadow-fresh-42');
  await invitee.getByLabel('Confirm password').fill('Meadow-fresh-42');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee.getByText('Your password is set.')).toBeVisible();
  await signIn(invitee, { email, password: 'Meadow-fresh-42' });
  await expect(invitee).toHaveURL(/\/activity\/requires_action$/);
  // A supplier has no People page.
  await invitee.goto('/people');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Page not available' })).toBeVisible();
  // The link worked once.
  await invitee.goto(link);
  await expect(invitee).not.toHaveURL(/invitation/);
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');

  // Audited.
  await page.goto('/admin/audit');
  await expect(page.getByText('User invited').first()).toBeVisible();
  await expect(page.getByText('Supplier company added').first()).toBeVisible();
});

test('an administrator invites a member of staff with scopes; a read-only administrator has no People page', async ({
  page,
  browser,
}) => {
  const email = `sol.${Date.now().toString(36)}@staff.example`;
  await signIn(page, DEMO.admin);
  await page.goto('/people');
  const form = page.getByRole('form', { name: 'Invite staff user' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Sol');
  await form.getByLabel('Last name').fill('Staff');
  await form.getByRole('button', { name: 'Invite staff user' }).click();
  await expect(form.getByText('Choose at least one scope for a member of staff.')).toBeVisible();
  await form.getByRole('checkbox', { name: /Read every submission/ }).check();
  await form.getByRole('button', { name: 'Invite staff user' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('read:allproductsubmissions');
  await expectAccessible(page, 'people page');

  const viewer = await browser.newPage();
  await signIn(viewer, DEMO.viewer);
  const nav = viewer.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Audit' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
  await viewer.goto('/people');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Page not available' })).toBeVisible();
  await viewer.close();
});

test('partner settings are reached by the partner company id too', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/settings/company/30443');
  await expect(page).toHaveURL(/\/settings\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customize New Item Intake' })).toBeVisible();
  await expect(page.getByText('Fresh Market Grocers').first()).toBeVisible();
  await page.goto('/settings/company/999999');
  await expect(page).toHaveURL(/\/settings$/);
});

test('a supplier chooses a daily digest of decisions on the account page', async ({ page }) => {
  await signIn(page, DEMO.other);
  await page.goto('/account/notifications');
  const group = page.getByRole('radiogroup', { name: 'E-mails about review decisions' });
  await expect(group.getByRole('radio', { name: /^Immediately/ })).toBeChecked();
  await group.getByRole('radio', { name: /^Daily/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your e-mail preference was saved.')).toBeVisible();
  await expectAccessible(page, 'e-mail preference');
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Daily/ })).toBeChecked();
  // Back as it was, for the other specs.
  await page.getByRole('radio', { name: /^Immediately/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your e-mail preference was saved.')).toBeVisible();
});

test('partner settings fit a 390 px phone with no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.admin);
  await page.goto('/settings/company/30443');
  await expect(page.getByRole('heading', { level: 1, name: 'Customize New Item Intake' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBe(0);
});
