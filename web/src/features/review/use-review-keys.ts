import { useEffect } from 'react';
import { reviewKeyAction, type ReviewKeyAction, type ReviewKeyState } from './review-keys.ts';

/** The workspace's shortcuts on the window: each key press the map gives an action to is carried out, and only those. */
export function useReviewKeys(state: ReviewKeyState, run: (action: ReviewKeyAction) => void) {
  // Listened afresh on every render, so the handler always sees this render's state and callbacks.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = reviewKeyAction(e, state);
      if (!action) return;
      e.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
