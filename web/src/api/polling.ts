/**
 * Asking the server again while it still works on what a page shows (a photo's barcode or facts read, a file's checks
 * run): one pace for every such page.
 */

/** How often: every 1.5 s. */
export const POLL_MS = 1500;
/** While the server pushes each result itself (a draft's event stream): a safety net only. */
export const POLL_WHILE_LIVE_MS = 15_000;
/** Gives up after 120 answers (about 3 minutes): work that failed for good must not keep it going. */
export const MAX_POLLS = 120;

/** A query's refetch interval: while `working`, until MAX_POLLS answers; rarely when its results are pushed. */
export const pollInterval = (working: boolean, updates: number, live = false): number | false =>
  working && updates < MAX_POLLS ? (live ? POLL_WHILE_LIVE_MS : POLL_MS) : false;
