import { useState } from 'react';
import { reviewCommentsSchema, type ReviewCommentInput } from '@portal/domain';

const keyOf = (id: string) => `review.comments.${id}`;

/**
 * The comments a reviewer has listed on an item and not sent yet, per item, in the tab's session storage: J and K
 * (or a reload) keep them, and the item shows them again when the reviewer comes back. A decision forgets them (sent
 * with a rejection, or dropped on purpose); closing the tab forgets them all.
 */
export const pendingComments = {
  read(id: string): ReviewCommentInput[] {
    try {
      const stored = sessionStorage.getItem(keyOf(id));
      if (!stored) return [];
      const parsed = reviewCommentsSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  },
  write(id: string, comments: readonly ReviewCommentInput[]) {
    try {
      if (comments.length) sessionStorage.setItem(keyOf(id), JSON.stringify(comments));
      else sessionStorage.removeItem(keyOf(id));
    } catch {
      // No storage (private mode, full): the comments last while the item is open.
    }
  },
  forget(id: string) {
    pendingComments.write(id, []);
  },
};

type Update = ReviewCommentInput[] | ((list: ReviewCommentInput[]) => ReviewCommentInput[]);

/** The open item's unsent comments, read from and written to the session as they change. */
export function useItemComments(id: string): [ReviewCommentInput[], (update: Update) => void] {
  const [held, setHeld] = useState(() => ({ id, list: pendingComments.read(id) }));
  // Another item opened: its own comments, read at once (no render shows the previous item's under its id).
  const current = held.id === id ? held : { id, list: pendingComments.read(id) };
  if (current !== held) setHeld(current);
  const set = (update: Update) =>
    setHeld((prev) => {
      const base = prev.id === id ? prev.list : pendingComments.read(id);
      const list = typeof update === 'function' ? update(base) : update;
      pendingComments.write(id, list);
      return { id, list };
    });
  return [current.list, set];
}
