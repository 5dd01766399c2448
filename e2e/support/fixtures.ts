import { expect, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';

export const DEMO = {
  supplier: { email: 'supplier@example.com', password: 'Supplier-demo-1' },
  supplier2: { email: 'supplier2@example.com', password: 'Supplier-demo-2' },
  other: { email: 'other@example.com', password: 'Other-demo-1' },
  admin: { email: 'admin@example.com', password: 'Admin-demo-1' },
  viewer: { email: 'viewer@example.com', password: 'Viewer-demo-1' },
} as const;

/** Signs in through the real login form, as a person would. */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /account|^[A-Z][a-z]+$/i }).first()).toBeVisible();
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
      link = mails.slice(after).map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return link!;
}
