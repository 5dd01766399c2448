/**
 * Work shared between reviewers: reason codes that make rejections countable (a stock reason carries one, and the
 * decision and its comments store it), and the optional second approval a partner may want before its suppliers hear
 * of a decision: the first reviewer's decision waits, another reviewer approves it or sends it back.
 */

/** A partner's second approval: off, for rejections, for acceptances, or for both. */
export const SECOND_APPROVAL_MODES = ['off', 'reject', 'accept', 'both'] as const;
export type SecondApprovalMode = (typeof SECOND_APPROVAL_MODES)[number];
export const SECOND_APPROVAL_LABELS: Record<SecondApprovalMode, string> = {
  off: 'Off: one reviewer decides',
  reject: 'For rejections',
  accept: 'For acceptances',
  both: 'For rejections and acceptances',
};

/** Whether a decision of this kind waits for a second reviewer under the partner's setting. */
export const needsSecondApproval = (mode: SecondApprovalMode | null | undefined, decision: 'accept' | 'reject') =>
  mode === 'both' || mode === decision;

export const APPROVAL_MSG = {
  ownDecision: 'You made this decision: a different reviewer must approve it.',
  notWaiting: 'This item has no decision waiting for a second approval.',
  waiting: 'This item already has a decision waiting for a second approval: approve it or send it back.',
  waitingLabel: 'Waiting for second approval',
  /** A direct decision (GraphQL, the integration API) on an item whose partner wants a second approval. */
  decideInWorkspace:
    "This partner wants a second reviewer's approval of this decision: decide it in the review workspace, where another reviewer approves it.",
} as const;

/** A reason code: capitals, digits, `_` and `-`, up to 32 (e.g. BARCODE_UNREADABLE). */
export const REASON_CODE_MAX = 32;
export const REASON_CODE_MSG = {
  format: `A reason code is capital letters, digits, _ or -, ${REASON_CODE_MAX} at most (e.g. BARCODE_UNREADABLE).`,
  unknown: (code: string) => `Unknown reason code ${code}: pick one of the stock reasons' codes.`,
} as const;

/** A reason code a reviewer may give a comment: the code and the words of the stock reason that carries it. */
export interface ReasonCodeChoice {
  code: string;
  text: string;
}

/**
 * The reason codes to choose from for a comment: the codes of the stock reasons listed (the partner's own first,
 * then those for every partner, as the server lists them), each once, in the words of the first reason carrying it.
 */
export function reasonCodeChoices(reasons: readonly { code?: string | null; text: string }[]): ReasonCodeChoice[] {
  const seen = new Map<string, string>();
  for (const r of reasons) if (r.code && !seen.has(r.code)) seen.set(r.code, r.text);
  return [...seen].map(([code, text]) => ({ code, text }));
}

/**
 * A reason code in words when no stock reason carries it any longer (removed since): BARCODE_UNREADABLE reads
 * "Barcode unreadable".
 */
export function reasonCodeInWords(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Words as a line of an e-mail ends them: without a final full stop. */
const unstopped = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** A reason code's words for a supplier: the stock reason's text, else the code written out. */
const codeWords = (code: string, words?: string | null) => unstopped(words ?? '') || reasonCodeInWords(code);

/**
 * A reason code as a supplier reads it in an e-mail: its words, then the code they can quote ("Barcode unreadable
 * (BARCODE_UNREADABLE)"). `words` is the text of the stock reason carrying it; without one the code is written out.
 */
export function reasonCodeForSupplier(code: string, words?: string | null): string {
  return `${codeWords(code, words)} (${code})`;
}

/**
 * A rejection's reason as its e-mail and digest say it: the reviewer's words, then the code. The code's own words are
 * left out when they are the reviewer's (a stock reason picked as it stands): "Barcode unreadable
 * (BARCODE_UNREADABLE)"; otherwise "The bars are cut off. (Barcode unreadable, BARCODE_UNREADABLE)". No code: the
 * reason as it is.
 */
export function rejectionReasonForSupplier(
  reason: string | null,
  code: { code: string; words?: string | null } | null | undefined,
): string | null {
  if (!code) return reason;
  const words = codeWords(code.code, code.words);
  const text = (reason ?? '').trim();
  if (!text) return `${words} (${code.code})`;
  if (unstopped(text).toLowerCase() === words.toLowerCase()) return `${unstopped(text)} (${code.code})`;
  return `${text} (${words}, ${code.code})`;
}
