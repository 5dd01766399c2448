import { describe, expect, it } from 'vitest';
import { jobProgressLabel } from './jobs-console.ts';
import { jobProgressOf } from './jobs-console-schema.ts';
import { readinessCell } from './readiness-messages.ts';
import { judgeReadiness, type ReadinessFacts, type ReadinessRule } from './readiness.ts';
import {
  addToDryRun,
  emptyDryRun,
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
  stage: 'submission',
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

  it('the activity cell: the score, with how many blocking rules fail; N/A without rules', () => {
    expect(readinessCell(storedReadinessOf(judge(1, [rule('R-A', 'blocking', 2), rule('R-B', 'info', 3)])))).toBe(
      '0% · 1 blocking',
    );
    expect(readinessCell(storedReadinessOf(judge(2, [rule('R-A', 'blocking', 2)])))).toBe('100%');
    expect(readinessCell(null)).toBe('N/A');
  });

  it('the filters take a rule code or nothing else', () => {
    expect(readinessFilterSchema.safeParse({ notReady: true, failsRule: 'R-IMG-MIN-2' }).success).toBe(true);
    expect(readinessFilterSchema.safeParse({ failsRule: "R'; drop" }).success).toBe(false);
  });
});

describe('the dry run', () => {
  it('counts per blocking rule the submissions it makes not ready and ready again; other score changes apart', () => {
    const before = [rule('R-OLD', 'blocking', 3)];
    const after = [rule('R-NEW', 'blocking', 2), rule('R-INFO', 'info', 5)];
    const run = emptyDryRun();
    for (const images of [1, 2, 3, 4]) addToDryRun(run, judge(images, before), judge(images, after));
    // 1 image: blocked by both (score 0 → 0); 2: R-OLD blocked, now ready; 3 and 4: ready, stay ready, info fails.
    expect(run).toEqual({
      judged: 4,
      becomesNotReady: 0,
      becomesReady: 1,
      scoreChanges: 2,
      rules: [{ code: 'R-OLD', becomesNotReady: 0, becomesReady: 1 }],
    });
    const back = emptyDryRun();
    for (const images of [1, 3]) addToDryRun(back, judge(images, []), judge(images, [rule('R-NEW', 'blocking', 2)]));
    expect(back.rules).toEqual([{ code: 'R-NEW', becomesNotReady: 1, becomesReady: 0 }]);
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
    const other = addToDryRun(emptyDryRun(), judge(1, []), judge(1, after));
    const merged = [...steps, other].reduce(mergeDryRuns, emptyDryRun());
    expect(merged).toEqual({
      ...whole,
      judged: whole.judged + 1,
      becomesNotReady: 1,
      rules: [{ code: 'R-NEW', becomesNotReady: 1, becomesReady: 0 }, ...whole.rules],
    });
  });
});

describe('job progress in the console', () => {
  it('reads { done, total } and says it with the share', () => {
    expect(jobProgressOf({ done: 1500, total: 100000, after: 'x' })).toEqual({ done: 1500, total: 100000 });
    expect(jobProgressOf(null)).toBeNull();
    expect(jobProgressLabel({ done: 1500, total: 100000 })).toBe('1,500 of 100,000 (1%)');
  });
});
