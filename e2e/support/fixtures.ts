import { expect, type Browser, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';

export const DEMO = {
  supplier: { email: 'supplier@example.com', password: 'Supplier-demo-1' },
  supplier2: { email: 'supplier2@example.com', password: 'Supplier-demo-2' },
  other: { email: 'other@example.com', password: 'Other-demo-1' },
  admin: { email: 'admin@example.com', password: 'Admin-demo-1' },
  viewer: { email: 'viewer@example.com', password: 'Viewer-demo-1' },
  /** Supplier of Sunrise Orchards selling through Fresh Market Grocers (30443); has not accepted the vendor terms. */
  vendor: { email: 'vendor@example.com', password: 'Vendor-demo-1' },
} as const;

/** Signs in through the real login form, as a person would. */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /account|^[A-Z][a-z]+$/i }).first()).toBeVisible();
}

/**
 * Signs the page's browser context in with the request the login form sends (`partner`: a partner's co-branded
 * login), for tests whose subject comes after signing in: no login page to load and fill, no landing page to render.
 */
export async function signInThroughApi(page: Page, who: { email: string; password: string }, partner?: number) {
  const res = await page.request.post('/api/auth/login', {
    form: { username: who.email, password: who.password, ...(partner !== undefined && { partner: String(partner) }) },
    headers: { origin: E2E.portal },
  });
  expect(res.ok(), `login of ${who.email}: ${res.status()}`).toBe(true);
}

/** Messages caught by the loopback SMTP server, newest last. */
export async function mailsTo(address: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await fetch(`${E2E.mailApi}/messages?to=${encodeURIComponent(address)}`);
  return res.json();
}

/** Waits for the next e-mail to an address and returns the first link in it that matches. */
export async function linkFromMail(address: string, pattern: RegExp, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(address);
      link = mails
        .slice(after)
        .map((m) => pattern.exec(m.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** The account menu button at the top right; its name is the user's first name (or 'Account'). */
export function accountMenuButton(page: Page, firstName: string) {
  return page.getByRole('banner').getByRole('button', { name: firstName, exact: true });
}

/** Opens the account menu and returns the visible names of its items (new-tab hints left out). */
export async function openAccountMenu(page: Page, firstName: string): Promise<string[]> {
  await accountMenuButton(page, firstName).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const names = await menu.getByRole('menuitem').allInnerTexts();
  return names.map((n) => n.replace(/\s*\(opens in a new tab\)\s*$/, '').trim());
}

/** Signs out through the account menu, as a person would. */
export async function logOut(page: Page, firstName: string) {
  await accountMenuButton(page, firstName).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(accountMenuButton(page, firstName)).toBeHidden();
}

/**
 * A page in a fresh browser context, signed in as `who` through the API and opened at `path`: a test about that page,
 * not about signing in (several people in one test).
 */
export async function pageAt(browser: Browser, who: { email: string; password: string }, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughApi(page, who);
  await page.goto(path);
  return page;
}

/** A page in a fresh browser context, signed in as `who` through the login form (several people in one test). */
export async function pageAs(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}
