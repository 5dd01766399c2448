/**
 * The review workspace's keyboard map, apart from the page so it can be read and tested without a browser: which key
 * does what in which state. The page (use-review-keys.ts) listens on the window and carries the action out.
 */
export type ReviewKeyAction =
  | 'showShortcuts'
  | 'comment'
  | 'nextItem'
  | 'previousItem'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'rotate'
  | 'nextFile'
  | 'previousFile'
  | 'markRegion'
  | 'accept'
  | 'confirmAccept'
  | 'reject'
  | 'undo';

/** What the workspace is doing when a key is pressed. */
export interface ReviewKeyState {
  /** The reject dialog or the shortcuts list is open: its keys are its own. */
  dialogOpen: boolean;
  /** The item may still be accepted or rejected. */
  decidable: boolean;
  /** A decision is on its way. */
  busy: boolean;
  /** Comments are listed to go with a rejection: A asks before accepting without them. */
  commentsPending: boolean;
  /** The last decision may still be undone (its Undo toast is on show). */
  undoOffered: boolean;
}

/** The parts of a keydown the map reads. */
export interface ReviewKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Typing in a field, a list or a menu: the workspace's letters are theirs. */
export const typingIn = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    // The workspace's own dialogs are shut off by their state: a dialog still closing keeps focus for a moment.
    !!el.closest('[role="listbox"], [role="combobox"], [role="menu"]')
  );
};

// Keys that work whatever the item's state; letters in either case (Caps Lock or Shift must not turn them off).
const VIEW_KEYS: Record<string, ReviewKeyAction> = {
  '?': 'showShortcuts',
  c: 'comment',
  j: 'nextItem',
  k: 'previousItem',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  '0': 'fit',
  t: 'rotate',
  ']': 'nextFile',
  '[': 'previousFile',
};
// Keys that decide: only on an item still to be decided and not while a decision is on its way. M belongs here too:
// a region comment is for an item still to be decided (the comments go with its rejection).
const DECISION_KEYS: Record<string, ReviewKeyAction> = { a: 'accept', r: 'reject', m: 'markRegion' };

/**
 * The action a key press asks for, or null when the workspace leaves it alone: never while typing in a field or with
 * a dialog open, never with a modifier key, never when something else has already handled it.
 */
export function reviewKeyAction(press: ReviewKeyPress, state: ReviewKeyState): ReviewKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.defaultPrevented) return null;
  if (state.dialogOpen || typingIn(press.target)) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  // Undo works whatever the item on show (after a decision the next one opens) and while a decision is on its way.
  if (key === 'z') return state.undoOffered ? 'undo' : null;
  const view = Object.hasOwn(VIEW_KEYS, key) ? VIEW_KEYS[key] : undefined;
  if (view) return view;
  if (!state.decidable || state.busy) return null;
  const decision = Object.hasOwn(DECISION_KEYS, key) ? DECISION_KEYS[key] : null;
  // Accepting would drop the comments listed for a rejection: ask first (accept without them, reject, or cancel).
  return decision === 'accept' && state.commentsPending ? 'confirmAccept' : decision;
}

/** The file shown after ] or [: one along, staying within the files. */
export function stepFile(index: number, action: 'nextFile' | 'previousFile', fileCount: number): number {
  return action === 'nextFile' ? Math.min(index + 1, Math.max(fileCount - 1, 0)) : Math.max(index - 1, 0);
}
