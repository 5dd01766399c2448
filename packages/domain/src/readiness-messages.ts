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

/** When a rule applies: at Submit (the supplier's, on Enter UPC(s)), or after it (partner staff's, the bulk edit). */
export const RULE_APPLIES_AT = ['submit', 'after-submit'] as const;
export type RuleAppliesAt = (typeof RULE_APPLIES_AT)[number];
export const RULE_APPLIES_AT_LABELS: Record<RuleAppliesAt, string> = {
  submit: 'At submit (the supplier)',
  'after-submit': 'After submit (staff, bulk edit)',
};

/** The file types a rule may require. */
export const RULE_FILE_TYPES = ['pdf', 'image'] as const;
export type RuleFileType = (typeof RULE_FILE_TYPES)[number];
export const RULE_FILE_TYPE_LABELS: Record<RuleFileType, string> = { pdf: 'PDF', image: 'Photo or image' };

export const READINESS_MSG = {
  unknownField: (code: string, field: string) => `${code}: there is no field named ${field}.`,
  tooManyImages: (code: string) =>
    `${code}: a draft holds at most ${MAX_FILES_PER_DRAFT} files, so more images than that can never be given.`,
  duplicateCode: (code: string) => `${code}: each rule code may be used once.`,
  fieldAfterSubmit: (code: string, field: string) =>
    `${code}: ${field} is filled in after submission, in the bulk edit; a rule on it applies after submit.`,
  lengthBoundRequired: (code: string) => `${code}: give the least length, the greatest, or both.`,
  lengthOrder: (code: string) => `${code}: the least length is more than the greatest.`,
  impliedCode: (code: string) => `${code}: this code belongs to a rule the partner settings make; choose another.`,
  messageRequired: 'The message is empty: say what the rule asks for.',
  fixRequired: 'The how-to-fix text is empty: say what to do to pass the rule.',
  codeFormat: 'A rule code is R- followed by upper-case letters and digits in groups, e.g. R-IMG-MIN-2.',
  threshold: PHOTO_LINE_MSG,
  pending: 'The photo checks are still running.',
  pendingFix: 'Wait a moment: the result shows here when they finish.',
  missingRoles: (labels: readonly string[]) => `No photo is marked ${labels.join(', ')}.`,
  rolesPending: 'The photos are still being read: what each shows may still be found.',
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

/**
 * A readiness column's cell, compact: the score and the top failing rule (failing rules are stored blocking ones
 * first), with how many more fail: "50% · R-IMG-MIN-2 +1", "100%", or "N/A" without a partner's rules.
 */
export function readinessCell(r: { percent: number; failing: readonly { code: string }[] } | null): string {
  if (!r) return 'N/A';
  const [top, ...more] = r.failing;
  if (!top) return `${r.percent}%`;
  return `${r.percent}% · ${top.code}${more.length ? ` +${more.length}` : ''}`;
}

/** The cell's full text for a tooltip: every failing rule's code and message, one a line. */
export const readinessCellDetail = (r: { failing: readonly { code: string; message: string }[] } | null) =>
  r?.failing.map((f) => `${f.code}: ${f.message}`).join('\n') ?? '';

/**
 * One rule's share of a dry run: how many current submissions fail it by the proposed rules, how many it would make
 * not ready and ready again, and how many open drafts it would refuse at Submit.
 */
export interface DryRunRuleChange {
  code: string;
  failing: number;
  becomesNotReady: number;
  becomesReady: number;
  draftsBlocked: number;
}

/** What saving a rule set would change, before it is saved. */
export interface ReadinessDryRun {
  /** Submissions judged (every submission sent to the partner). */
  judged: number;
  becomesNotReady: number;
  becomesReady: number;
  /** Score changes without a change of readiness. */
  scoreChanges: number;
  /** Open drafts to the partner judged (counted in a run's first step). */
  openDrafts: number;
  /** Open drafts the proposed rules would refuse at Submit, and of those the ones the current rules do not. */
  draftsBlocked: number;
  draftsNewlyBlocked: number;
  /** Per rule code of either rule set; rules no submission or draft fails and that move nothing are left out. */
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
  drafts: (d: ReadinessDryRun) =>
    `Of ${d.openDrafts} open draft(s), ${d.draftsBlocked} would be refused at Submit (${d.draftsNewlyBlocked} of them not refused now).`,
  progress: (judged: number, total: number) => `Checking: ${judged} of ${total} current submission(s) judged so far.`,
  rule: (r: DryRunRuleChange) =>
    `${r.code}: ${r.failing} submission(s) fail it; ${r.becomesNotReady} would become not ready, ${r.becomesReady} ready again; it would refuse ${r.draftsBlocked} open draft(s) at Submit.`,
  /** Asked before a version whose new blocking rules at submit would stop suppliers. */
  confirmStop: (codes: readonly string[], drafts: number) =>
    `${codes.join(', ')} ${codes.length > 1 ? 'block' : 'blocks'} Submit: from this version on, suppliers cannot send a product that fails ${codes.length > 1 ? 'them' : 'it'} until they fix it. ${drafts} open draft(s) would be refused now.`,
  confirm: 'Make new version anyway',
  cancel: 'Keep editing',
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
