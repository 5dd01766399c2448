import { expect, test, type Page } from '@playwright/test';
import { MENU_WIDTH_PX } from '@portal/domain';
import { DEMO, accountMenuButton, signIn } from './support/fixtures.ts';

// Issue 17 item 8: 'Submission Schedule' touched the account menu's edge. The menu keeps the spec's 184 px width;
// every label keeps the item's inner padding on both sides and grows the item downwards when it needs two lines, at
// the default text size, for a reader who has enlarged it (the root font size is what the browser setting changes; the
// menu's width is in rem, so it grows with the text) and in a wider typeface than ours (a fallback font, a translation).

const SIDE_PADDING_PX = 12; // Mantine's spacing 'sm', the item's padding

async function labelFits(page: Page) {
  return page
    .getByRole('menu')
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        const label = (item.querySelector('.mantine-Menu-itemLabel') ?? item) as HTMLElement;
        // The label's visible text only: the new-tab hint is visually hidden.
        const range = document.createRange();
        range.selectNodeContents(label.firstChild ?? label);
        const text = range.getBoundingClientRect();
        return {
          name: label.firstChild?.textContent?.trim() ?? '',
          width: Math.round(box.width),
          gapLeft: Math.round(text.left - box.left),
          gapRight: Math.round(box.right - text.right),
          gapTop: Math.round(text.top - box.top),
          gapBottom: Math.round(box.bottom - text.bottom),
        };
      }),
    );
}

const SETTINGS = [
  { name: 'the default text size', rootFontPx: 16, font: null },
  { name: 'text enlarged to 20 px', rootFontPx: 20, font: null },
  { name: 'a wide typeface', rootFontPx: 16, font: '"DejaVu Sans Mono", monospace' },
] as const;

for (const [who, firstName] of [
  [DEMO.supplier, 'Sam'],
  [DEMO.admin, 'Ada'],
] as const) {
  for (const setting of SETTINGS) {
    test(`account menu of ${who.email}: every label clear of the menu's edges with ${setting.name}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, who);
      await page.evaluate(({ rootFontPx, font }) => {
        document.documentElement.style.fontSize = `${rootFontPx}px`;
        if (font) document.documentElement.style.setProperty('--mantine-font-family', font);
      }, setting);
      await accountMenuButton(page, firstName).click();
      await expect(page.getByRole('menu')).toBeVisible();
      const items = await labelFits(page);
      expect(items.map((i) => i.name)).toContain('Submission Schedule');
      const menuWidth = await page.getByRole('menu').evaluate((menu) => menu.getBoundingClientRect().width);
      expect(Math.round(menuWidth)).toBe(Math.round((MENU_WIDTH_PX * setting.rootFontPx) / 16));
      for (const item of items) {
        expect(item.gapRight, `${item.name}: room on the right`).toBeGreaterThanOrEqual(SIDE_PADDING_PX);
        expect(item.gapLeft, `${item.name}: room on the left`).toBeGreaterThanOrEqual(SIDE_PADDING_PX);
        expect(item.gapTop, `${item.name}: room above`).toBeGreaterThanOrEqual(4);
        expect(item.gapBottom, `${item.name}: room below`).toBeGreaterThanOrEqual(4);
      }
    });
  }
}
