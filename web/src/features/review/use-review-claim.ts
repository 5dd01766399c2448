import { useEffect } from 'react';
import { REVIEW_CLAIM_HEARTBEAT_SECONDS } from '@portal/domain';
import { claimItem, releaseItem } from './review-api.ts';

/** The soft claim on an item: taken on opening, renewed while the reviewer is active, let go on leaving. */
export function useReviewClaim(id: string) {
  useEffect(() => {
    let active = false;
    const mark = () => (active = true);
    void claimItem(id).catch(() => {});
    const beat = window.setInterval(() => {
      if (!active || document.visibilityState !== 'visible') return;
      active = false;
      void claimItem(id).catch(() => {});
    }, REVIEW_CLAIM_HEARTBEAT_SECONDS * 1000);
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, mark, { passive: true }));
    return () => {
      window.clearInterval(beat);
      events.forEach((e) => window.removeEventListener(e, mark));
      void releaseItem(id).catch(() => {});
    };
  }, [id]);
}
