import { mayReview } from '@portal/domain';

/** Review rights: staff who write every company's submissions (accept and reject). */
const reviews = mayReview;

/**
 * Who may use the reviewer's workspace (/review). Everything in it serves people who decide items: the queue, an
 * item's review context, claims, decisions and the stock reasons they pick from. A read-only administrator reads
 * submissions on the activity pages, not here: a claim or a stock reason is a change.
 */
export const reviewPolicy = {
  workspace: reviews,
  decide: reviews,
  claim: reviews,
  /** The stock rejection reasons of every partner: kept by the reviewers who use them. */
  maintainStockReasons: reviews,
  /** Sharing work out: assigning items to oneself or another reviewer. */
  assign: reviews,
  /** Staff-only internal notes on an item: written and read by reviewers, never shown to its supplier. */
  note: reviews,
  /** Saved views of the queue: each reviewer's own, of the queue they work in. */
  savedViews: reviews,
  /** The reason-code report: staff who review (its counts are of every partner's rejections). */
  report: reviews,
};
