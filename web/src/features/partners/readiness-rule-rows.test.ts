import { describe, expect, it } from 'vitest';
import { readinessRuleSchema } from '@portal/domain';
import { newRow, ruleOf } from './readiness-rule-rows.ts';

describe('a label-arithmetic rule as the editor sends it', () => {
  it('carries its check, and the rule schema takes it', () => {
    const row = {
      ...newRow(),
      code: 'R-LABEL-KCAL',
      kind: 'label-arithmetic' as const,
      check: 'calories',
      message: 'The calories disagree with the macronutrients.',
      fix: 'Check them against the label.',
    };
    const rule = ruleOf(row);
    expect(rule).toMatchObject({ kind: 'label-arithmetic', check: 'calories' });
    expect(readinessRuleSchema.safeParse(rule).success).toBe(true);
    expect(readinessRuleSchema.safeParse({ ...rule, check: 'caffeine' }).success).toBe(false);
  });
});

describe('a photo-roles rule as the editor sends it', () => {
  it('carries its roles, and the rule schema takes it only with at least one', () => {
    const row = {
      ...newRow(),
      code: 'R-IMG-ROLES',
      kind: 'photo-roles' as const,
      roles: ['front' as const, 'nutrition-panel' as const],
      message: 'A front photo and a nutrition panel photo are needed.',
      fix: 'Add them, or mark the photos that show them.',
    };
    const rule = ruleOf(row);
    expect(rule).toMatchObject({ kind: 'photo-roles', roles: ['front', 'nutrition-panel'] });
    expect(rule).not.toHaveProperty('min');
    expect(readinessRuleSchema.safeParse(rule).success).toBe(true);
    expect(readinessRuleSchema.safeParse(ruleOf({ ...row, roles: [] })).success).toBe(false);
  });
});
