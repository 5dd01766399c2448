import { expect, test } from '@playwright/test';
import { accountMenuButton, DEMO, logOut, openAccountMenu, signIn } from './support/fixtures.ts';

// Accounts used here only sign in and out (no changes): supplier (Sam), admin (Ada), viewer (Vic).
// The tests are independent, so both workers may share them.
test.describe.configure({ mode: 'parallel' });

test.describe('login form', () => {
  test('a supplier lands on the requires-action tab, with the first name on the account menu', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    await expect(page).toHaveURL(/\/activity\/requires_action$/);
    await expect(accountMenuButton(page, 'Sam')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
    await expect(page).toHaveTitle(/Submission Activity/);
  });

  test('an administrator lands on the pending tab', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/activity\/pending$/);
    await expect(accountMenuButton(page, 'Ada')).toBeVisible();
  });

  test('a wrong password shows "Invalid email or password" and the button reads "Processing..." meanwhile', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Login with Product Hub portal credentials' }),
    ).toBeVisible();
    // Hold the answer back a little so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(DEMO.viewer.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    // Nobody was signed in.
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('the Log in button stays disabled while the form is invalid, and each field says why', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const logIn = page.getByRole('button', { name: 'Log in', exact: true });
    await expect(logIn).toBeDisabled();

    await email.fill('not-an-email');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill('');
    await expect(page.getByText('Please enter an email address.')).toBeVisible();

    await password.focus();
    await password.blur();
    await expect(page.getByText('Please enter a password.')).toBeVisible();
    await expect(logIn).toBeDisabled();

    await email.fill(DEMO.supplier.email);
    await password.fill('anything');
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();
    await expect(page.getByText('Please enter a password.')).toBeHidden();
    await expect(logIn).toBeEnabled();

    await email.fill('half@');
    await expect(logIn).toBeDisabled();
  });

  test('logout through the account menu returns home and ends the session on the server', async ({ page }) => {
    await signIn(page, DEMO.viewer);
    await expect(page).toHaveURL(/\/activity\/pending$/);
    await logOut(page, 'Vic');
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get your products catalogued' })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Get your products catalogued' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    await expect(accountMenuButton(page, 'Vic')).toBeHidden();
    // A logged-in page now sends the visitor to the login.
    await page.goto('/activity/pending');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a logged-out visit to a logged-in page is remembered and resumed after login', async ({ page }) => {
    await page.goto('/account/password');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.supplier.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole('tab', { name: 'Password settings' })).toHaveAttribute('aria-selected', 'true');
    // Used once: a later login goes to the default page.
    await logOut(page, 'Sam');
    await signIn(page, DEMO.supplier);
    await expect(page).toHaveURL(/\/activity\/requires_action$/);
  });
});

test.describe('partner prefix', () => {
  test('/30443 is the co-branded landing page, and its login keeps the partner', async ({ page }) => {
    await page.goto('/30443');
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh Market Grocers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Easy Item Submission' })).toBeVisible();
    await expect(page.getByText('Submit your products to Fresh Market Grocers for consideration')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manage your Brand Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Supplier Resources' })).toBeVisible();
    await expect(page.getByText('Powered By')).toBeVisible();
    await expect(page).toHaveTitle(/Fresh Market Grocers/);

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/30443\/login$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Login with Product Hub portal credentials' }),
    ).toBeVisible();
    await expect(page.getByText('Fresh Market Grocers item intake')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/30443/reset-password',
    );
    await expect(page.getByRole('link', { name: 'Log in as Administrator' })).toHaveAttribute(
      'href',
      '/30443/login/admin',
    );

    await page.getByLabel('Email').fill(DEMO.supplier.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/30443\/activity\/requires_action$/);
    expect(new URL(page.url()).pathname.startsWith('/30443/')).toBe(true);
    await expect(accountMenuButton(page, 'Sam')).toBeVisible();
    // Links inside the shell keep the prefix.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/30443/cataloguedProducts');
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/30443\/cataloguedProducts$/);
  });

  test('an unknown partner id goes to the plain login', async ({ page }) => {
    await page.goto('/99999');
    await expect(page).toHaveURL(/\/login$/);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test.describe('account menu and sub-navigation', () => {
  test('a supplier has Account, Submission Schedule, FAQs, Vendor Authorization and Logout', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    const items = await openAccountMenu(page, 'Sam');
    expect(items).toEqual(['Account', 'Webhooks', 'Submission Schedule', 'FAQs', 'Vendor Authorization', 'Logout']);
    await expect(page.getByRole('menuitem', { name: /^Submission Schedule/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('menuitem', { name: /^FAQs/ })).toHaveAttribute('href', '/static/FAQs.pdf');
    await expect(page.getByRole('menuitem', { name: /^Vendor Authorization/ })).toHaveAttribute(
      'href',
      '/vendor-authorization',
    );
    // The FAQs file is really there.
    const faqs = await page.request.get('/static/FAQs.pdf');
    expect(faqs.status()).toBe(200);
    expect(faqs.headers()['content-type']).toContain('application/pdf');
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account\/information$/);
  });

  test('an administrator also has Access, Settings and Jobs, and no Vendor Authorization', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const items = await openAccountMenu(page, 'Ada');
    expect(items).toEqual([
      'Account',
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
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('a read-only administrator has neither Access nor Settings (Jobs to look at only), and /settings says so', async ({
    page,
  }) => {
    await signIn(page, DEMO.viewer);
    const items = await openAccountMenu(page, 'Vic');
    // The audit trail is for every administrator, read-only ones too (issue 19).
    expect(items).toEqual(['Account', 'Jobs', 'Audit Trail', 'Webhooks', 'Submission Schedule', 'FAQs', 'Logout']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.goto('/settings');
    await expect(page.getByText("Did you take a wrong turnip? We can't display the page requested.")).toBeVisible();
  });

  test('a supplier reaching /access or /settings sees the 403 message', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    for (const path of ['/access', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(
        "Did you take a wrong turnip? We can't display the page requested.",
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeHidden();
    }
  });

  test('the sub-navigation lists the sections and marks the current one', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Submissions', 'Catalog', 'Brand Profile', 'Shipping Profiles']);
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveText(['Submissions']);

    await nav.getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/cataloguedProducts$/);
    await expect(current).toHaveText(['Catalog']);
    await expect(page).toHaveTitle(/Catalogued Items/);

    await nav.getByRole('link', { name: 'Brand Profile' }).click();
    await expect(page).toHaveURL(/\/brandProfile$/);
    await expect(current).toHaveText(['Brand Profile']);

    await nav.getByRole('link', { name: 'Shipping Profiles' }).click();
    await expect(page).toHaveURL(/\/shippingProfiles$/);
    await expect(current).toHaveText(['Shipping Profiles']);

    // Submissions also covers a submission's own page; adding images to a catalogued item is not Catalog.
    await page.goto('/productSubmissions/1');
    await expect(current).toHaveText(['Submissions']);
    await page.goto('/cataloguedProducts/0012345678905/upload');
    await expect(page).toHaveURL(/\/cataloguedProducts\/0012345678905\/upload\/file_select$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upload product image(s)' })).toBeVisible();
    await expect(current).toHaveCount(0);

    await nav.getByRole('link', { name: 'Submissions' }).click();
    await expect(page).toHaveURL(/\/activity/);
    await expect(current).toHaveText(['Submissions']);
  });
});

test.describe('page titles', () => {
  test('logged-out pages name themselves in the document title', async ({ page }) => {
    const pages: [string, RegExp][] = [
      ['/login', /^Log in \| Product Hub$/],
      ['/login/admin', /^Administrator login \| Product Hub$/],
      ['/reset-password', /^Reset password \| Product Hub$/],
      ['/schedule', /^Submission Schedule \| Product Hub$/],
      ['/', /^Product Hub$/],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
  });

  test('logged-in pages name themselves in the document title', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    await expect(page).toHaveTitle(/^Submission Activity \| Product Hub$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveTitle(/^Catalogued Items \| Product Hub$/);
    await accountMenuButton(page, 'Sam').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveTitle(/^Account information \| Product Hub$/);
    await page.getByRole('tab', { name: 'Password settings' }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page).toHaveTitle(/^Password settings \| Product Hub$/);
    await page.goto('/schedule');
    await expect(page).toHaveTitle(/^Submission Schedule \| Product Hub$/);
    await expect(accountMenuButton(page, 'Sam')).toBeVisible();
  });
});

test.describe('notification banner', () => {
  test('a generic server error shows in the banner, and Escape closes it', async ({ page }) => {
    await page.route('**/api/user/password/forgot', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'boom' }),
      }),
    );
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Please Romaine Calm!' });
    await expect(banner).toHaveText(
      "Please Romaine Calm! There's an error on our end. We aren't able to complete your request at this time.",
    );
    // The form stays for another try.
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner).toBeHidden();

    // A second failure shows it again; leaving the page clears it.
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(banner).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(banner).toBeHidden();
  });

  test('a 403 answer shows the turnip banner; Enter on its close control dismisses it', async ({ page }) => {
    await page.route('**/api/user/password/forgot', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FORBIDDEN', message: 'no' }),
      }),
    );
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'wrong turnip' });
    await expect(banner).toHaveText("Did you take a wrong turnip? We can't display the page requested.");
    await page.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
  });
});

test.describe('keyboard', () => {
  test('the account menu opens, moves and closes from the keyboard', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    const button = accountMenuButton(page, 'Sam');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // The open menu takes the focus (then arrows move within it), as a person waits to see it open.
    const focusInMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')));
    await expect.poll(focusInMenu).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    // And an item can be chosen with Enter.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect.poll(focusInMenu).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/information$/);
  });

  test('the first Tab reaches "Skip to main content", which moves focus to the main area', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
});
