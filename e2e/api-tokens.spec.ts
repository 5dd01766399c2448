import { expect, test } from '@playwright/test';
import { API_TOKEN_PATTERN } from '@portal/domain';
import { E2E } from '../playwright.config.ts';
import { accountMenuButton, DEMO, signIn } from './support/fixtures.ts';

// Issue 21: a supplier makes an API token on Account → API tokens, copies it with the button, and a program (this
// test's fetch) calls the API with it; revoked, it stops working. Then the API reference's "Try it out" uses a token.

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${E2E.portal}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });

test('a token is created, shown once, copied, used by a program, and revoked', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.supplier);
  await accountMenuButton(page, 'Sam').click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/account\/api-tokens$/);

  // Nothing chosen yet: the form says what is missing.
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Give the token a name.')).toBeVisible();
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();

  const name = `E2E feed ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radio', { name: 'In 30 days' }).check();
  // Scopes go per area, each area under its name: reading products is not reading the shipping profiles.
  await expect(page.getByText('Bulk ingestion (imports)', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Read your company's shipping profiles/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Read your company's webhooks/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /Read your company's products/ }).check();
  await page.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('status').filter({ hasText: 'Copy your new token now' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("You won't see it again");
  const field = shown.getByRole('textbox', { name: new RegExp(name) });
  await expect(field).toBeFocused();
  const visible = await field.inputValue();
  expect(visible).toMatch(API_TOKEN_PATTERN);
  await shown.getByRole('button', { name: 'Copy token' }).click();
  await expect(shown.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(visible);
  await page.screenshot({ path: 'test-results/api-tokens-created.png', fullPage: true });

  // The program: no cookie, just the token.
  const me = await api('/api/user', token);
  expect(me.status).toBe(200);
  expect((await me.json()).email).toBe(DEMO.supplier.email);
  const activity = await api('/graphql', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ currentUser { email } }' }),
  });
  expect((await activity.json()).data.currentUser.email).toBe(DEMO.supplier.email);
  // Read scope only: an upload is refused.
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'front.png');
  const upload = await api('/api/draftSubmissions', token, { method: 'POST', body: form });
  expect(upload.status).toBe(403);

  // Dismissed, the token is gone from the page for good; the list shows its last use.
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('read:productsubmissions');
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('Never');
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this API token?' });
  await expect(dialog).toContainText('Programs that use it stop working at once.');
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Revoked');
  const refused = await api('/api/user', token);
  expect(refused.status).toBe(401);
  expect((await refused.json()).message).toMatch(/^This API token was revoked on /);
});

test("the API reference is served by the portal, and its 'Try it out' calls the API with a token", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const outside: string[] = [];
  page.on('request', (r) => !r.url().startsWith(E2E.portal) && !r.url().startsWith('data:') && outside.push(r.url()));

  // A token made through the API as the web app does (signed in), so this test needs no clipboard.
  const login = await request.post('/api/auth/login', {
    form: { username: DEMO.other.email, password: DEMO.other.password },
    headers: { origin: E2E.portal },
  });
  expect(login.status()).toBe(200);
  const made = await request.post('/api/api-tokens', {
    data: {
      name: 'Docs try-out',
      expiresAt: new Date(Date.now() + 86_400_000 * 2).toISOString(),
      scopes: ['read:productsubmissions'],
    },
    headers: { origin: E2E.portal },
  });
  expect(made.status()).toBe(201);
  const { token } = await made.json();

  await page.goto('/api/docs');
  // Swagger UI is a large script: give it time on a busy machine.
  await expect(page.getByRole('heading', { name: /Product Hub API/ })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
  await page.getByRole('button', { name: 'Apply credentials' }).first().click();
  await page.getByRole('button', { name: 'Close' }).first().click();

  const operation = page
    .locator('.opblock-get')
    .filter({ has: page.locator('.opblock-summary-path[data-path="/api/user"]') });
  await operation.locator('.opblock-summary').click();
  // The documented answer shows its example (the UserDetails schema's: accepted the terms on 2026-11-25).
  await expect(operation.locator('.responses-wrapper')).toContainText('2026-11-25T16:05:12.000Z');
  const tryIt = operation.getByRole('button', { name: 'Try it out' });
  if (await tryIt.isVisible()) await tryIt.click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(operation.locator('.live-responses-table')).toContainText(DEMO.other.email);
  await page.screenshot({ path: 'test-results/api-docs.png' });
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
