import { describe, expect, it } from 'vitest';
import { jobProgressLabel } from './jobs-console.ts';
import { jobProgressOf } from './jobs-console-schema.ts';
import { readinessCell } from './readiness-messages.ts';
import { dryRunRuleCounts } from './readiness.fixture.ts';
import { judgeReadiness, type ReadinessFacts, type ReadinessRule } from './readiness.ts';
import {
  addDraftToDryRun,
  addToDryRun,
  emptyDryRun,
  newBlockingSubmitRules,
  mergeDryRuns,
  readinessFilterSchema,
  readinessMoved,
  storedReadinessOf,
  storedReadinessSchema,
} from './readiness-stored.ts';

const rule = (code: string, severity: ReadinessRule['severity'], min: number): ReadinessRule => ({
  code,
  kind: 'min-images',
  min,
  severity,
  weight: 1,
  message: `${code} message`,
  fix: `${code} fix`,
});
const facts = (images: number): ReadinessFacts => ({
  upc: '036000291452',
  productName: 'Oat Crisps',
  shippingProfileId: null,
  files: Array.from({ length: images }, (_, i) => ({
    fileName: `${i}.jpg`,
    isMarketingImage: i === 0,
    checksPending: false,
    issues: [],
    detectedUpcs: [],
    longSidePx: 2000,
  })),
});
const judge = (images: number, rules: ReadinessRule[]) => judgeReadiness(facts(images), { version: 7, rules });

describe('stored readiness', () => {
  it('keeps the score, the version and the failing rules with their fixes, blocking first; it parses as the API answers it', () => {
    const stored = storedReadinessOf(
      judge(1, [rule('R-INFO', 'info', 3), rule('R-WARN', 'warning', 2), rule('R-BLOCK', 'blocking', 4)]),
    );
    expect(stored).toMatchObject({ percent: 0, ready: false, version: 7 });
    expect(stored.failing.map((f) => [f.code, f.severity])).toEqual([
      ['R-BLOCK', 'blocking'],
      ['R-WARN', 'warning'],
      ['R-INFO', 'info'],
    ]);
    expect(stored.failing[0]).toEqual({
      code: 'R-BLOCK',
      severity: 'blocking',
      message: 'R-BLOCK message',
      fix: 'R-BLOCK fix',
      fileNames: [],
    });
    expect(storedReadinessSchema.parse(stored)).toEqual(stored);
  });

  it('moves when it becomes ready or not, or its score changes; not when only a message changes', () => {
    const ready = storedReadinessOf(judge(2, [rule('R-A', 'blocking', 2)]));
    const notReady = storedReadinessOf(judge(1, [rule('R-A', 'blocking', 2)]));
    const warned = storedReadinessOf(judge(1, [rule('R-A', 'warning', 2)]));
    expect(readinessMoved(ready, notReady)).toBe(true);
    expect(readinessMoved(notReady, warned)).toBe(true); // ready again, same score
    expect(readinessMoved(null, ready)).toBe(true);
    expect(readinessMoved(notReady, { ...notReady, failing: [{ ...notReady.failing[0], message: 'reworded' }] })).toBe(
      false,
    );
  });

  it('the activity cell: the score and the top failing rule (blocking first), with how many more; N/A without rules', () => {
    expect(readinessCell(storedReadinessOf(judge(1, [rule('R-B', 'info', 3), rule('R-A', 'blocking', 2)])))).toBe(
      '0% · R-A +1',
    );
    expect(readinessCell(storedReadinessOf(judge(2, [rule('R-A', 'blocking', 2)])))).toBe('100%');
    expect(readinessCell(storedReadinessOf(judge(2, [rule('R-A', 'warning', 3), rule('R-B', 'info', 1)])))).toBe(
      '50% · R-A',
    );
    expect(readinessCell(null)).toBe('N/A');
  });

  it('the filters take a rule code or nothing else', () => {
    expect(readinessFilterSchema.safeParse({ notReady: true, failsRule: 'R-IMG-MIN-2' }).success).toBe(true);
    expect(readinessFilterSchema.safeParse({ failsRule: "R'; drop" }).success).toBe(false);
  });
});

describe('the dry run', () => {
  const entry = dryRunRuleCounts;

  it('counts per rule the submissions failing it, and those it makes not ready and ready again; other score changes apart', () => {
    const before = [rule('R-OLD', 'blocking', 3)];
    const after = [rule('R-NEW', 'blocking', 2), rule('R-INFO', 'info', 5)];
    const run = emptyDryRun();
    for (const images of [1, 2, 3, 4]) addToDryRun(run, judge(images, before), judge(images, after));
    // 1 image: blocked by both (score 0 → 0); 2: R-OLD blocked, now ready; 3 and 4: ready, stay ready, info fails.
    expect(run).toEqual({
      ...emptyDryRun(),
      judged: 4,
      becomesReady: 1,
      scoreChanges: 2,
      rules: [entry('R-NEW', { failing: 1 }), entry('R-INFO', { failing: 4 }), entry('R-OLD', { becomesReady: 1 })],
    });
    const back = emptyDryRun();
    for (const images of [1, 3]) addToDryRun(back, judge(images, []), judge(images, [rule('R-NEW', 'blocking', 2)]));
    expect(back.rules).toEqual([entry('R-NEW', { failing: 1, becomesNotReady: 1 })]);
  });

  it('a product already not ready is still counted as failing a new rule (never "0 fail it")', () => {
    const run = emptyDryRun();
    const old = [rule('R-OLD', 'blocking', 5)];
    for (const images of [1, 1, 2])
      addToDryRun(run, judge(images, old), judge(images, [...old, rule('R-NEW', 'blocking', 2)]));
    expect(run.becomesNotReady).toBe(0);
    expect(run.rules.find((r) => r.code === 'R-NEW')).toEqual(entry('R-NEW', { failing: 2 }));
  });

  it('open drafts: refused at Submit by the proposed rules, newly so, and per rule once per draft', () => {
    const run = emptyDryRun();
    const products = (images: number[], rules: ReadinessRule[]) => images.map((n) => ({ readiness: judge(n, rules) }));
    const after = [rule('R-NEW', 'blocking', 2), rule('R-INFO', 'info', 3)];
    addDraftToDryRun(run, products([1, 1], []), products([1, 1], after)); // two one-photo products: one draft
    addDraftToDryRun(run, products([2], []), products([2], after));
    addDraftToDryRun(run, products([1], [rule('R-OLD', 'blocking', 3)]), products([1], after));
    expect(run).toMatchObject({ openDrafts: 3, draftsBlocked: 2, draftsNewlyBlocked: 1 });
    expect(run.rules).toEqual([entry('R-NEW', { draftsBlocked: 2 })]);
  });

  it('in steps: the counts of the steps added up are those of one run over them all, per rule too', () => {
    const before = [rule('R-OLD', 'blocking', 3)];
    const after = [rule('R-NEW', 'blocking', 2), rule('R-INFO', 'info', 5)];
    const whole = emptyDryRun();
    const steps = [emptyDryRun(), emptyDryRun(), emptyDryRun()];
    for (const [i, images] of [1, 2, 3, 4, 1, 2].entries()) {
      addToDryRun(whole, judge(images, before), judge(images, after));
      addToDryRun(steps[i % 3], judge(images, before), judge(images, after));
    }
    addDraftToDryRun(steps[0], [], [{ readiness: judge(1, after) }]);
    addDraftToDryRun(whole, [], [{ readiness: judge(1, after) }]);
    const merged = steps.reduce(mergeDryRuns, emptyDryRun());
    expect(merged).toEqual({ ...whole, rules: [...whole.rules].sort((a, b) => a.code.localeCompare(b.code)) });
    expect(merged.rules.find((r) => r.code === 'R-NEW')).toEqual(entry('R-NEW', { failing: 2, draftsBlocked: 1 }));
  });
});

describe('which changes stop suppliers', () => {
  it('a new blocking rule at submit, one made blocking or stricter; not a reworded one, nor one after submit', () => {
    const min2 = rule('R-MIN', 'blocking', 2);
    expect(newBlockingSubmitRules([], [min2])).toEqual(['R-MIN']);
    expect(newBlockingSubmitRules([min2], [{ ...min2, message: 'Reworded', weight: 5 }])).toEqual([]);
    expect(newBlockingSubmitRules([min2], [rule('R-MIN', 'blocking', 3)])).toEqual(['R-MIN']);
    expect(newBlockingSubmitRules([rule('R-MIN', 'warning', 2)], [min2])).toEqual(['R-MIN']);
    expect(newBlockingSubmitRules([], [{ ...min2, appliesAt: 'after-submit' }])).toEqual([]);
    expect(newBlockingSubmitRules([{ ...min2, appliesAt: 'after-submit' }], [min2])).toEqual(['R-MIN']);
  });
});

describe('job progress in the console', () => {
  it('reads { done, total } and says it with the share', () => {
    expect(jobProgressOf({ done: 1500, total: 100000, after: 'x' })).toEqual({ done: 1500, total: 100000 });
    expect(jobProgressOf(null)).toBeNull();
    expect(jobProgressLabel({ done: 1500, total: 100000 })).toBe('1,500 of 100,000 (1%)');
  });
});
