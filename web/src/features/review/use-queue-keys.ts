import { useEffect, useState } from 'react';
import { moveCursor, queueKeyAction, rangeSelect, type QueueKeyAction } from './queue-keys.ts';

interface QueueKeysOptions {
  ids: readonly string[];
  selected: ReadonlySet<string>;
  setSelected: (next: Set<string>) => void;
  /** A dialog of the page is open: its keys are its own. */
  dialogOpen: boolean;
  open: (id: string) => void;
  focusSearch: () => void;
  showHelp: () => void;
  /** The split view's selected item: the cursor is on its row (when on this page). */
  current?: string | null;
  /** The split view: J and K select the item under the cursor for the pane. */
  onMove?: (id: string) => void;
}

/**
 * The queue driven from the keyboard (queue-keys.ts): a cursor row that J and K move (its link takes the focus, so
 * a screen reader reads the item and Enter opens it), X and Shift+X selecting, O opening. Returns the cursor and a
 * toggle for the checkboxes, so a click sets the anchor of Shift+X as X does.
 */
export function useQueueKeys(o: QueueKeysOptions) {
  const [cursor, setCursor] = useState(-1);
  const [anchor, setAnchor] = useState<string | null>(null);
  const selectedAt = o.current ? o.ids.indexOf(o.current) : -1;
  const at = selectedAt >= 0 ? selectedAt : Math.min(cursor, o.ids.length - 1);

  const toggle = (id: string) => {
    const next = new Set(o.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    o.setSelected(next);
    setAnchor(id);
  };

  const run = (action: QueueKeyAction) => {
    if (action === 'help') return o.showHelp();
    if (action === 'search') return o.focusSearch();
    if (action === 'down' || action === 'up') {
      const next = moveCursor(at, action, o.ids.length);
      setCursor(next);
      if (next >= 0) {
        o.onMove?.(o.ids[next]);
        focusRow(o.ids[next]);
      }
      return;
    }
    const id = o.ids[at];
    if (id === undefined) return;
    if (action === 'open') return o.open(id);
    if (action === 'toggle') return toggle(id);
    o.setSelected(rangeSelect(o.ids, o.selected, anchor, at));
    setAnchor(id);
  };

  // Listened afresh on every render, so the handler sees this render's list and selection; in the capture phase, so
  // that on the queue / goes to the queue's search before the header's search box takes it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = queueKeyAction(e, o.dialogOpen);
      if (!action) return;
      e.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  return { cursor: at, setCursor, toggle };
}

/** The cursor row's link takes the focus (and scrolls into view with it). */
export function focusRow(id: string) {
  const link = document.querySelector<HTMLElement>(`[data-queue-row="${CSS.escape(id)}"] a`);
  link?.focus();
}
