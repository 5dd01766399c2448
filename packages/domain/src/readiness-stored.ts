import { z } from 'zod';
import type { Readiness } from './readiness.ts';
import { RULE_CODE_PATTERN, RULE_SEVERITIES, type ReadinessDryRun } from './readiness-messages.ts';

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
  .meta({
    id: 'FailingRule',
    examples: [
      {
        code: 'R-IMG-MIN-2',
        severity: 'blocking',
        message: 'At least 2 images are needed.',
        fix: 'Add a photo of the back of the pack.',
        fileNames: [],
      },
    ],
  });
export type StoredFailingRule = z.infer<typeof storedFailingRuleSchema>;

export const storedReadinessSchema = z
  .object({
    percent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('Passed weight / total weight, in whole percent')
      .meta({ examples: [75] }),
    ready: z.boolean().describe('No blocking rule fails'),
    version: z
      .number()
      .int()
      .describe("The version of the partner's own rules it was judged against (0: none saved)")
      .meta({ examples: [3] }),
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
  failsRule: z.string().regex(RULE_CODE_PATTERN).max(40).optional(),
});
export type ReadinessFilter = z.infer<typeof readinessFilterSchema>;

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

/** Two parts of a dry run (steps over different submissions) as one: every count added, per rule too. */
export function mergeDryRuns(a: ReadinessDryRun, b: ReadinessDryRun): ReadinessDryRun {
  const rules = a.rules.map((r) => ({ ...r }));
  for (const r of b.rules) {
    const entry = rules.find((e) => e.code === r.code);
    if (entry) {
      entry.becomesNotReady += r.becomesNotReady;
      entry.becomesReady += r.becomesReady;
    } else rules.push({ code: r.code, becomesNotReady: r.becomesNotReady, becomesReady: r.becomesReady });
  }
  return {
    judged: a.judged + b.judged,
    becomesNotReady: a.becomesNotReady + b.becomesNotReady,
    becomesReady: a.becomesReady + b.becomesReady,
    scoreChanges: a.scoreChanges + b.scoreChanges,
    rules: rules.sort((x, y) => x.code.localeCompare(y.code)),
  };
}
