import { MAX_FILES_PER_DRAFT } from './constants.ts';
import { displayUpc } from './gtin.ts';
import { PHOTO_LINE_MSG } from './partner-fields.ts';

/**
 * Readiness's words and the values the pages show, without zod: the activity list and a submission's detail use
 * them, and load no schema (web/build-plugins/schema-modules.ts). The rules and their schemas are in readiness.ts.
 */

/** A rule's code: `R-` and upper-case words, e.g. R-IMG-MIN-2. */
export const RULE_CODE_PATTERN = /^R(-[A-Z0-9]+)+$/;

export const RULE_SEVERITIES = ['blocking', 'warning', 'info'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

export const READINESS_MSG = {
  unknownField: (code: string, field: string) => `${code}: there is no field named ${field}.`,
  tooManyImages: (code: string) =>
    `${code}: a draft holds at most ${MAX_FILES_PER_DRAFT} files, so more images than that can never be given.`,
  duplicateCode: (code: string) => `${code}: each rule code may be used once.`,
  impliedCode: (code: string) => `${code}: this code belongs to a rule the partner settings make; choose another.`,
  messageRequired: 'The message is empty: say what the rule asks for.',
  fixRequired: 'The how-to-fix text is empty: say what to do to pass the rule.',
  codeFormat: 'A rule code is R- followed by upper-case letters and digits in groups, e.g. R-IMG-MIN-2.',
  threshold: PHOTO_LINE_MSG,
  pending: 'The photo checks are still running.',
  pendingFix: 'Wait a moment: the result shows here when they finish.',
  blocksSubmit: (upc: string, rules: readonly { code: string; message: string; fix: string }[]) =>
    `The product with UPC ${displayUpc(upc)} cannot be sent to this partner yet. ${rules.map((r) => `${r.code}: ${r.message} ${r.fix}`).join(' ')}`,
  blockingBadge: 'Blocks Submit for this partner',
  judgedAgainst: (version: number) =>
    version ? `Judged against version ${version} of the partner's rules.` : "Judged against the partner's rules.",
  /** The live score of one product on Enter UPC(s). */
  score: (upc: string, percent: number) =>
    `${upc ? `UPC ${displayUpc(upc)}` : 'This product'}: ${percent}% ready for this partner`,
  severityLabel: { blocking: 'Blocks Submit', warning: 'Warning', info: 'Info' } satisfies Record<RuleSeverity, string>,
  /** A submitted product's failing blocking rule: it was sent already, it is not ready for the partner. */
  blockingSubmitted: 'Blocking',
} as const;

/** A readiness column's cell: "100%", "50% · 1 blocking", or "N/A" without a partner's rules. */
export function readinessCell(r: { percent: number; failing: readonly { severity: string }[] } | null): string {
  if (!r) return 'N/A';
  const blocking = r.failing.filter((f) => f.severity === 'blocking').length;
  return blocking ? `${r.percent}% · ${blocking} blocking` : `${r.percent}%`;
}

/** One rule's share of a dry run: how many submissions it would make not ready, and ready again. */
export interface DryRunRuleChange {
  code: string;
  becomesNotReady: number;
  becomesReady: number;
}

/** What saving a rule set would change, before it is saved. */
export interface ReadinessDryRun {
  /** Submissions judged (every submission sent to the partner). */
  judged: number;
  becomesNotReady: number;
  becomesReady: number;
  /** Score changes without a change of readiness. */
  scoreChanges: number;
  /** Per rule code, blocking rules only (the ones that decide readiness); rules that change nothing are left out. */
  rules: DryRunRuleChange[];
}

/**
 * One step of a dry run: the counts of the submissions judged in this step, how many there are to judge in all, and
 * where the next step starts (null: this was the last). A big partner's dry run takes several steps, each bounded in
 * time, so no request runs long and the editor shows the progress.
 */
export interface ReadinessDryRunStep extends ReadinessDryRun {
  total: number;
  next: string | null;
}

export const READINESS_DRY_RUN_MSG = {
  summary: (d: ReadinessDryRun) =>
    `Of ${d.judged} current submission(s), ${d.becomesNotReady} would become not ready and ${d.becomesReady} ready again; ${d.scoreChanges} more would change score.`,
  progress: (judged: number, total: number) => `Checking: ${judged} of ${total} current submission(s) judged so far.`,
  rule: (r: DryRunRuleChange) =>
    `${r.code}: ${r.becomesNotReady} would become not ready, ${r.becomesReady} ready again.`,
};

/** The rule editor on the partner's settings. */
export const READINESS_EDITOR_MSG = {
  title: 'Readiness rules',
  hint: "The partner's own requirements, beside the ones the settings above make. Saving makes a new version; every submission to the partner is then judged again in the background (see the jobs console).",
  version: (v: number) => (v ? `Version ${v}` : 'No version saved yet'),
  implied: (n: number) =>
    `${n} rule(s) come from the settings above (the UPC, the fields and photo checks it requires).`,
  none: 'No rule of its own yet.',
  add: 'Add rule',
  remove: (code: string) => `Remove rule ${code || '(no code)'}`,
  dryRun: 'Check what changes',
  /** Not "Save": the settings form above has its own Save, and the rules are saved apart, as a version. */
  save: 'Make new version',
  saving: 'Making new version',
  dryRunFirst:
    'Check what changes before making a new version: the check says how many submissions the rules would move.',
  saved: (v: number) =>
    `Rules saved as version ${v}. The partner's submissions are being judged again in the background.`,
  refused: (why: string) => `The rules were not saved: ${why}`,
};
