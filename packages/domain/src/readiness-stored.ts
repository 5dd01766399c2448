import { z } from 'zod';
import { appliesAtOf, type Readiness, type ReadinessRule } from './readiness.ts';
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
  openDrafts: 0,
  draftsBlocked: 0,
  draftsNewlyBlocked: 0,
  rules: [],
});

type RuleCount = 'failing' | 'becomesNotReady' | 'becomesReady' | 'draftsBlocked';

function countRule(run: ReadinessDryRun, code: string, key: RuleCount) {
  let entry = run.rules.find((r) => r.code === code);
  if (!entry) run.rules.push((entry = { code, failing: 0, becomesNotReady: 0, becomesReady: 0, draftsBlocked: 0 }));
  entry[key] += 1;
}

/**
 * Adds one submission's judgements (by the current rules and by the proposed ones, at submit; and by the proposed
 * ones after submit, for the failing counts of staff's rules) to a dry run. Every rule the proposed rules fail is
 * counted as failing, whatever the submission was before; a rule is counted for "not ready" when it blocks on a
 * submission that was ready, and for "ready" when it blocked before on a submission that is ready now.
 */
export function addToDryRun(
  run: ReadinessDryRun,
  before: Readiness,
  after: Readiness,
  afterSubmit?: Readiness,
): ReadinessDryRun {
  run.judged += 1;
  const count = (code: string, key: RuleCount) => countRule(run, code, key);
  for (const r of [...after.failing, ...(afterSubmit?.failing ?? [])]) count(r.code, 'failing');
  if (before.ready && !after.ready) {
    run.becomesNotReady += 1;
    for (const r of after.blocking) count(r.code, 'becomesNotReady');
  } else if (!before.ready && after.ready) {
    run.becomesReady += 1;
    for (const r of before.blocking) count(r.code, 'becomesReady');
  } else if (before.percent !== after.percent) run.scoreChanges += 1;
  return run;
}

/**
 * Adds one open draft to a dry run: its products judged at submit by the current and the proposed rules. It is
 * refused at Submit when a product has a failing blocking rule; each such rule is counted once per draft.
 */
export function addDraftToDryRun(
  run: ReadinessDryRun,
  before: readonly { readiness: Readiness }[],
  after: readonly { readiness: Readiness }[],
): ReadinessDryRun {
  run.openDrafts += 1;
  const blockedAfter = new Set(after.flatMap((p) => p.readiness.blocking.map((r) => r.code)));
  if (blockedAfter.size) {
    run.draftsBlocked += 1;
    if (before.every((p) => p.readiness.ready)) run.draftsNewlyBlocked += 1;
  }
  for (const code of blockedAfter) countRule(run, code, 'draftsBlocked');
  return run;
}

const COUNTS = [
  'judged',
  'becomesNotReady',
  'becomesReady',
  'scoreChanges',
  'openDrafts',
  'draftsBlocked',
  'draftsNewlyBlocked',
] as const;

/** Two parts of a dry run (steps over different submissions) as one: every count added, per rule too. */
export function mergeDryRuns(a: ReadinessDryRun, b: ReadinessDryRun): ReadinessDryRun {
  const rules = a.rules.map((r) => ({ ...r }));
  for (const r of b.rules) {
    const entry = rules.find((e) => e.code === r.code);
    if (!entry) rules.push({ ...r });
    else
      for (const key of ['failing', 'becomesNotReady', 'becomesReady', 'draftsBlocked'] as const) entry[key] += r[key];
  }
  const merged = { ...emptyDryRun(), rules: rules.sort((x, y) => x.code.localeCompare(y.code)) };
  for (const key of COUNTS) merged[key] = a[key] + b[key];
  return merged;
}

/**
 * The blocking rules at submit of a proposed rule set that the current one lacks or has otherwise (a new rule, a
 * rule made blocking or moved to submit, its threshold changed): saving them stops suppliers whose products fail
 * them, so the editor asks first.
 */
export function newBlockingSubmitRules(
  current: readonly ReadinessRule[],
  proposed: readonly ReadinessRule[],
): string[] {
  // What the rule asks, whatever its words, weight or key order.
  const asks = (r: ReadinessRule) =>
    JSON.stringify(
      Object.entries({ ...r, message: '', fix: '', weight: 0, appliesAt: appliesAtOf(r) }).sort(([x], [y]) =>
        x.localeCompare(y),
      ),
    );
  const same = (a: ReadinessRule, b: ReadinessRule) => asks(a) === asks(b);
  return proposed
    .filter((r) => r.severity === 'blocking' && appliesAtOf(r) === 'submit')
    .filter((r) => !current.some((c) => c.code === r.code && same(c, r)))
    .map((r) => r.code);
}
