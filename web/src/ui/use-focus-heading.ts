import { useEffect } from 'react';

/**
 * Moves focus to the page's h1 once the page is ready, so after a step of a flow keyboard and screen reader
 * users start at the new page's heading instead of a button that no longer exists.
 */
export function useFocusHeading(ready = true) {
  useEffect(() => {
    if (!ready) return;
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    // Focus from script, not from the user: no ring around a heading.
    heading.style.outline = 'none';
    heading.focus();
  }, [ready]);
}
