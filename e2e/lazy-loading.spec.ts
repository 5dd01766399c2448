import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@portal/domain';
import { DEMO, signIn } from './support/fixtures.ts';

// Signs in as the supplier (Sam) and only reads.
test.describe.configure({ mode: 'parallel' });

/** Names of the code files (chunks) the page fetched, without their content hashes. */
function recordScripts(page: Page) {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]);
  });
  return names;
}

/** Set on the window: gone after a full page load, kept by in-app navigation. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
const windowStayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test("a visitor on /login gets only the public pages' code; signing in and moving on loads each page as it is opened", async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  const logIn = page.getByRole('button', { name: 'Log in', exact: true });
  await expect(logIn).toBeVisible();
  // The login and landing pages come in one file with what they use (web/vite.config.ts): a few requests, not fifty.
  expect(scripts).toContain('public');
  expect(new Set(scripts).size).toBeLessThanOrEqual(5);
  for (const signedInOnly of ['LoggedInShell', 'ActivityPage', 'UploadFilesPage'])
    expect(scripts).not.toContain(signedInOnly);
  // Mantine's styles arrive with the components: the button is styled, not a bare browser button.
  expect(await logIn.evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe('0px');
  await markWindow(page);

  await page.getByLabel('Email').fill(DEMO.supplier.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier.password);
  await logIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
  expect(scripts).toEqual(expect.arrayContaining(['LoggedInShell', 'ActivityPage']));
  expect(scripts).not.toContain('UploadFilesPage');

  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload product file(s)' })).toBeVisible();
  await expect(page).toHaveURL(/\/upload/);
  expect(scripts).toContain('UploadFilesPage');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
  expect(await windowStayed(page)).toBe(true);
});

test.describe('a page whose code is gone after a deploy', () => {
  test('reloads the page once and opens it', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
    // The tab's build names a file the server no longer has; once the page is loaded again, the code is there.
    // Counted when the page is asked for again, not on its load event: the reloaded page asks for the route's code
    // while its scripts run, before 'load' fires.
    let pageLoads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) pageLoads++;
    });
    await page.route(/\/assets\/UploadFilesPage-[\w-]{8}\.js$/, (route) =>
      pageLoads === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
    );
    await markWindow(page);
    await page.getByRole('link', { name: 'Add New' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload product file(s)' })).toBeVisible();
    await expect(page).toHaveURL(/\/upload/);
    expect(pageLoads).toBe(1);
    expect(await windowStayed(page)).toBe(false);
  });

  test('says so, instead of a blank screen, when the code is still missing after the reload', async ({ page }) => {
    await signIn(page, DEMO.supplier);
    await expect(page.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeVisible();
    let pageLoads = 0;
    page.on('load', () => pageLoads++);
    await page.route(/\/assets\/UploadFilesPage-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: 'Add New' }).click();
    await expect(page.getByRole('alert')).toHaveText(MSG.pageLoadFailed);
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page).toHaveURL(/\/upload/);
    // One reload, not a loop.
    expect(pageLoads).toBe(1);
  });
});
