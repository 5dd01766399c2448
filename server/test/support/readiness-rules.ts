/** The rule editor's save, as the partner settings page sends it (variables: p, the partner; rules). */
export const SAVE_READINESS_RULES = `mutation($p: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $p, rules: $rules) { version } }`;
