import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  displayUpc,
  statusDisplayName,
  WORKSPACE_MSG,
  type ReviewCommentInput,
  type ReviewDecisionOutcome,
} from '@portal/domain';
import { decide, decided } from './review-api.ts';
import { undoStore } from './undo-store.ts';

/** The outcome of a decision on the item, or a message for the reviewer. */
export interface ReviewNotice {
  text: string;
  tone: 'ok' | 'warn';
}

/** What the reviewer is told when their decision did not land: it failed, or someone had decided the item first. */
export function unmadeDecisionNotice(r: ReviewDecisionOutcome): ReviewNotice {
  if (r.outcome === 'failed') return { text: r.message ?? WORKSPACE_MSG.itemError, tone: 'warn' };
  return {
    text: `${r.decidedByYou ? 'Already decided' : WORKSPACE_MSG.alreadyDecided}${
      r.itemStatus ? `: ${statusDisplayName(r.itemStatus)}` : ''
    }${r.decidedBy ? ` by ${r.decidedBy}` : ''}.`,
    tone: 'warn',
  };
}

/**
 * Accepting or rejecting the open item (with the reviewer's comments on a rejection). Once made, its Undo is offered
 * (undo-store.ts) and the next item opens when the reviewer asked for that and there is one (onAdvance, with what to
 * announce there); otherwise the outcome is a notice. onSettled runs however it ended.
 */
export function useReviewDecision({
  id,
  upc,
  next,
  advance,
  comments,
  onNotice,
  onDecided,
  onAdvance,
  onSettled,
}: {
  id: string;
  /** The item's UPC, or null while it loads (nothing to decide yet). */
  upc: string | null;
  next: string | null | undefined;
  advance: boolean;
  comments: ReviewCommentInput[];
  onNotice: (notice: ReviewNotice) => void;
  /** The decision was made: the item's unsent comments are sent (a rejection) or dropped (an accept). */
  onDecided: () => void;
  onAdvance: (said: string, next: string) => void;
  onSettled: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const decisionMade = async (decision: 'accept' | 'reject', reason?: string, reasonCode?: string | null) => {
    if (upc == null || busy) return;
    setBusy(true);
    try {
      const { results } = await decide(
        [id],
        decision,
        reason,
        decision === 'reject' ? comments : undefined,
        reasonCode,
      );
      const [r] = results;
      decided(queryClient, [id]);
      if (r.outcome === 'awaiting_approval') {
        // Kept with the decision (its comments too) until a second reviewer approves it: nothing to undo here.
        const said = `${decision === 'accept' ? 'Acceptance' : 'Rejection'} of ${displayUpc(upc)} waits for a second approval.`;
        onDecided();
        if (advance && next) onAdvance(said, next);
        else onNotice({ text: said, tone: 'ok' });
        return;
      }
      if (r.outcome !== 'accepted' && r.outcome !== 'rejected') return onNotice(unmadeDecisionNotice(r));
      const said = `${decision === 'accept' ? 'Accepted' : 'Rejected'} ${displayUpc(upc)}.`;
      // Undo (Z) for as long as the server holds the e-mail and events; an undone rejection gets its comments back.
      undoStore.offer(said, results, decision === 'reject' && comments.length ? { [id]: comments } : {});
      onDecided();
      if (advance && next) onAdvance(said, next);
      else onNotice({ text: next ? said : `${said} No more items in this queue.`, tone: 'ok' });
    } catch {
      // apiFetch has said what went wrong.
    } finally {
      setBusy(false);
      onSettled();
    }
  };
  return { busy, decide: decisionMade };
}
