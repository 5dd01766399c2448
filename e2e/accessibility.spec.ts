import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';

// Every route, as each role that can see it, is scanned by axe at three widths in the screens net (screens.spec.ts).
// What is left here is the scan's own check: a net that cannot catch a violation would pass every page.

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
