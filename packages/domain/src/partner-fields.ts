import type { IntakeRules } from './draft-rules.ts';

/** A partner's field rules as stored: per field, a visible and/or required flag; absent means true (part 2 section 3). */
export type FieldRules = Record<string, { visible?: boolean; required?: boolean } | undefined>;

export const isFieldRequired = (rules: FieldRules, field: string) => rules[field]?.required ?? true;
export const isFieldVisible = (rules: FieldRules, field: string) => rules[field]?.visible ?? true;

/** The intake's rules for a user who came through a partner (null: no partner, nothing extra required). */
export function intakeRulesFor(partnerRules: FieldRules | null): IntakeRules {
  if (!partnerRules) return { productNameRequired: false, shippingProfileRequired: false, primaryImageRequired: false };
  return {
    productNameRequired: isFieldRequired(partnerRules, 'productName'),
    shippingProfileRequired: isFieldRequired(partnerRules, 'shippingProfile'),
    primaryImageRequired: true,
  };
}
