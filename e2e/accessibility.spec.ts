import { expect, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DEMO, signIn } from './support/fixtures.ts';

const SEVERE = new Set(['serious', 'critical']);

// Independent tests: let both workers share them.
test.describe.configure({ mode: 'parallel' });

const PUBLIC_PAGES: { path: string; heading: string }[] = [
  { path: '/', heading: 'Get your products catalogued' },
  { path: '/login', heading: 'Login with Product Hub portal credentials' },
  { path: '/login/admin', heading: 'Administrator login' },
  { path: '/reset-password', heading: 'Reset your password' },
  { path: '/schedule', heading: 'Submission Schedule' },
  { path: '/30443', heading: 'Fresh Market Grocers' },
  { path: '/30443/login', heading: 'Login with Product Hub portal credentials' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`axe: ${path} has no serious or critical violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settle(page);
    const severe = (await axeViolations(page)).filter((v) => SEVERE.has(v.impact ?? ''));
    expect(severe, `axe on ${path}:\n${describeViolations(severe)}`).toEqual([]);
  });
}

test('axe: the logged-in shell and account page have no serious or critical violations', async ({ page }) => {
  await signIn(page, DEMO.viewer);
  for (const path of ['/activity/pending', '/account/information', '/account/password']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await settle(page);
    const severe = (await axeViolations(page)).filter((v) => SEVERE.has(v.impact ?? ''));
    expect(severe, `axe on ${path}:\n${describeViolations(severe)}`).toEqual([]);
  }
});

/** Waits for running CSS transitions (fades) so colours are measured at rest. */
async function settle(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    polling: 100,
  });
}

test('axe: the scan itself catches a known violation (an image without alt text)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/favicon.ico';
    document.querySelector('main')!.append(img);
  });
  const ids = (await axeViolations(page)).map((v) => v.id);
  expect(ids).toContain('image-alt');
});
