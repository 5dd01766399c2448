import type { Page } from '@playwright/test';

/**
 * The controls (buttons, links styled as buttons, fields, tabs) on the page that are cut off, each described, or an
 * empty list: a control whose content is wider than a box of it that hides overflow (Mantine's Button label does:
 * "Remov"), or whose box sticks out of the nearest ancestor that clips, or out of the window.
 */
export function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = 'button, a.mantine-Button-root, input:not([type="hidden"]), select, textarea, [role="tab"]';
    const limit = document.documentElement.clientWidth;
    const problems: string[] = [];
    const nameOf = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}'`;
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
      const box = control.getBoundingClientRect();
      if (control.getClientRects().length === 0 || box.width === 0) continue;
      if (control.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      // Content cut by the control itself or by a part of it that hides overflow.
      for (const part of [control, ...Array.from(control.querySelectorAll<HTMLElement>('*'))]) {
        if (getComputedStyle(part).overflowX === 'visible') continue;
        if (part.scrollWidth > part.clientWidth + 1) {
          problems.push(`${nameOf(control)}: its content is ${part.scrollWidth - part.clientWidth} px wider than it`);
          break;
        }
      }
      // The control cut by the nearest ancestor that clips, or by the window.
      let clip = control.parentElement;
      while (clip && clip !== document.body && getComputedStyle(clip).overflowX === 'visible')
        clip = clip.parentElement;
      const edge = clip && clip !== document.body ? clip.getBoundingClientRect() : { left: 0, right: limit };
      if (box.left < Math.max(0, edge.left) - 1 || box.right > Math.min(limit, edge.right) + 1)
        problems.push(`${nameOf(control)} is cut off (${Math.round(box.left)}-${Math.round(box.right)} px)`);
    }
    return problems;
  });
}
