import { typingIn, type ReviewKeyPress } from './review-keys.ts';

/**
 * The review queue's keyboard map, apart from the page so it can be tested without a browser (use-queue-keys.ts
 * carries the actions out): J and K move a cursor down and up the list, X selects the item under it, Shift+X selects
 * from the last item selected to it, Enter and O open it, / goes to the search, ? lists the keys.
 */
export type QueueKeyAction = 'down' | 'up' | 'toggle' | 'toggleRange' | 'open' | 'search' | 'help';

const KEYS: Record<string, QueueKeyAction> = { j: 'down', k: 'up', x: 'toggle', o: 'open', '/': 'search', '?': 'help' };

/** What a key press on the queue asks for, or null: never while typing, with a dialog open or with Ctrl/Alt/Meta. */
export function queueKeyAction(
  press: ReviewKeyPress & { shiftKey: boolean },
  dialogOpen: boolean,
): QueueKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.defaultPrevented) return null;
  if (dialogOpen || (typingIn(press.target) && !isCheckbox(press.target))) return null;
  if (press.key === 'Enter') {
    // Enter on a link, a button or a checkbox is theirs (a link opens its item anyway).
    const el = press.target as HTMLElement | null;
    const own = el && typeof el.closest === 'function' && el.closest('a, button, input, [role="button"]');
    return own ? null : 'open';
  }
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key === 'x') return press.shiftKey ? 'toggleRange' : 'toggle';
  return Object.hasOwn(KEYS, key) ? KEYS[key] : null;
}

/** A checkbox of the list has no typing of its own: after a click on one, J and X still work. */
const isCheckbox = (target: EventTarget | null) => (target as HTMLInputElement | null)?.type === 'checkbox';

/** The cursor after J or K: one along, within the list (no list: none). */
export function moveCursor(cursor: number, action: 'down' | 'up', length: number): number {
  if (length === 0) return -1;
  if (cursor < 0) return action === 'down' ? 0 : length - 1;
  return action === 'down' ? Math.min(cursor + 1, length - 1) : Math.max(cursor - 1, 0);
}

/**
 * The selection after Shift+X at `to`: every item between the anchor (the last one X toggled) and `to` takes the
 * state the anchor has, as Gmail does; without an anchor it is a plain X.
 */
export function rangeSelect(
  ids: readonly string[],
  selected: ReadonlySet<string>,
  anchor: string | null,
  to: number,
): Set<string> {
  const next = new Set(selected);
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  const target = ids[to];
  if (target === undefined) return next;
  if (from < 0) {
    if (next.has(target)) next.delete(target);
    else next.add(target);
    return next;
  }
  const on = selected.has(ids[from]);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    if (on) next.add(ids[i]);
    else next.delete(ids[i]);
  }
  return next;
}
