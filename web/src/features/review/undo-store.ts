import { useSyncExternalStore } from 'react';
import type { ReviewCommentInput, ReviewDecisionOutcome } from '@portal/domain';

/** A decision that can still be undone: what to say, what to send back, until when (this browser's clock). */
export interface OfferedUndo {
  /** "Accepted 0 36000 29145 2." or "Accepted 37 items." */
  label: string;
  decisions: { id: string; key: string }[];
  /** The comments a rejection sent, per item: put back in the item's composer when it is undone. */
  comments: Record<string, ReviewCommentInput[]>;
  until: number;
}

/** What the toast shows: a decision to undo, or what its undo did (kept until closed or the next decision). */
export type UndoState = { offered: OfferedUndo; undone: null } | { offered: null; undone: string } | null;

let state: UndoState = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function set(next: UndoState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The review workspace's last decision, shared by the queue and the item pages (a decision on an item opens the next
 * one, and the Undo must stay): offered for the seconds the server holds the decision's e-mail and events.
 */
export const undoStore = {
  /** Offers the undo of the decisions the answer says can be undone; nothing when none can. */
  offer(label: string, results: readonly ReviewDecisionOutcome[], comments: Record<string, ReviewCommentInput[]> = {}) {
    const undoable = results.filter((r) => r.undo);
    clearTimeout(timer);
    if (!undoable.length) return set(null);
    const seconds = Math.min(...undoable.map((r) => r.undo!.seconds));
    const decisions = undoable.map((r) => ({ id: r.id, key: r.undo!.key }));
    set({ offered: { label, decisions, comments, until: Date.now() + seconds * 1000 }, undone: null });
    timer = setTimeout(() => {
      if (state?.offered?.decisions === decisions) set(null);
    }, seconds * 1000);
  },
  /** The undo is under way or done: no second one. Returns what to send, or null when nothing is offered. */
  take(): OfferedUndo | null {
    const offered = state?.offered ?? null;
    if (offered) clearTimeout(timer);
    return offered;
  },
  undone(text: string) {
    set({ offered: null, undone: text });
  },
  clear() {
    clearTimeout(timer);
    set(null);
  },
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useUndoState = () => useSyncExternalStore(undoStore.subscribe, undoStore.get);
