import { z } from 'zod';
import { RULE_SEVERITIES, type Readiness } from './readiness.ts';

/**
 * Readiness as it is stored with each submission and answered by the APIs: the score, whether it is ready, the
 * version of the partner's own rules it was judged against, and the failing rules with their fixes. Kept with the
 * row so that lists, filters and the API read it without judging again; written by the submission lifecycle and by
 * the background recompute after a rule change.
 */
export const storedFailingRuleSchema = z
  .object({
    code: z.string().meta({ example: 'R-IMG-MIN-2' }),
    severity: z.enum(RULE_SEVERITIES),
    message: z.string(),
    fix: z.string(),
    fileNames: z.array(z.string()).describe('The files that fail it (photo checks)'),
  })
  .meta({ id: 'FailingRule' });
export type StoredFailingRule = z.infer<typeof storedFailingRuleSchema>;

export const storedReadinessSchema = z
  .object({
    percent: z.number().int().min(0).max(100).describe('Passed weight / total weight, in whole percent'),
    ready: z.boolean().describe('No blocking rule fails'),
    version: z.number().int().describe("The version of the partner's own rules it was judged against (0: none saved)"),
    failing: z.array(storedFailingRuleSchema),
  })
  .meta({ id: 'Readiness' });
export type StoredReadiness = z.infer<typeof storedReadinessSchema>;

/** What is kept of a judgement: the failing rules, blocking ones first (the order a reader fixes them in). */
export function storedReadinessOf(r: Readiness): StoredReadiness {
  const rank = (s: string) => RULE_SEVERITIES.indexOf(s as (typeof RULE_SEVERITIES)[number]);
  return {
    percent: r.percent,
    ready: r.ready,
    version: r.version,
    failing: [...r.failing]
      .sort((a, b) => rank(a.severity) - rank(b.severity))
      .map(({ code, severity, message, fix, fileNames }) => ({ code, severity, message, fix, fileNames })),
  };
}

/**
 * Whether a change of readiness moves the submission (what `submission.readiness_changed` reports): it becomes
 * ready or not ready, or its score changes. A reworded message alone does not.
 */
export const readinessMoved = (before: StoredReadiness | null, after: StoredReadiness | null) =>
  (before?.ready ?? null) !== (after?.ready ?? null) || (before?.percent ?? null) !== (after?.percent ?? null);

/** The filters lists may apply: only submissions not ready for their partner, only those failing one rule. */
export const readinessFilterSchema = z.object({
  notReady: z.boolean().optional(),
  failsRule: z
    .string()
    .regex(/^R(-[A-Z0-9]+)+$/)
    .max(40)
    .optional(),
});
export type ReadinessFilter = z.infer<typeof readinessFilterSchema>;

/** A readiness column's cell: "100%", "50% · 1 blocking", or "N/A" without a partner's rules. */
export function readinessCell(r: Pick<StoredReadiness, 'percent' | 'ready' | 'failing'> | null): string {
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

export const emptyDryRun = (): ReadinessDryRun => ({
  judged: 0,
  becomesNotReady: 0,
  becomesReady: 0,
  scoreChanges: 0,
  rules: [],
});

/**
 * Adds one submission's two judgements (by the current rules and by the proposed ones) to a dry run. A rule is
 * counted for "not ready" when it blocks now and did not before on a submission that was ready, and for "ready"
 * when it blocked before on a submission that is ready now.
 */
export function addToDryRun(run: ReadinessDryRun, before: Readiness, after: Readiness): ReadinessDryRun {
  run.judged += 1;
  const count = (code: string, key: 'becomesNotReady' | 'becomesReady') => {
    let entry = run.rules.find((r) => r.code === code);
    if (!entry) run.rules.push((entry = { code, becomesNotReady: 0, becomesReady: 0 }));
    entry[key] += 1;
  };
  if (before.ready && !after.ready) {
    run.becomesNotReady += 1;
    for (const r of after.blocking) count(r.code, 'becomesNotReady');
  } else if (!before.ready && after.ready) {
    run.becomesReady += 1;
    for (const r of before.blocking) count(r.code, 'becomesReady');
  } else if (before.percent !== after.percent) run.scoreChanges += 1;
  return run;
}

export const READINESS_DRY_RUN_MSG = {
  summary: (d: ReadinessDryRun) =>
    `Of ${d.judged} current submission(s), ${d.becomesNotReady} would become not ready and ${d.becomesReady} ready again; ${d.scoreChanges} more would change score.`,
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
