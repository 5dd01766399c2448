import {
  appliesAtOf,
  RULE_SEVERITIES,
  type DryRunRuleChange,
  type ProductReadiness,
  type Readiness,
  type ReadinessDryRunStep,
  type ReadinessRule,
  type RuleResult,
  type RuleSet,
  type StoredFailingRule,
  type StoredReadiness,
} from '@portal/domain';
import { builder } from '../../graphql/builder.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { ProductSubmissionRef } from '../submissions/graphql-types.ts';
import { storedReadiness } from '../submissions/shapes.ts';
import { readinessPolicy } from './policy.ts';
import { currentRules, dryRunOwnRules, saveOwnRules } from './service.ts';

export const RuleSeverityEnum = builder.enumType('RuleSeverity', {
  description: 'blocking: the product cannot be submitted to this partner; warning and info: it can.',
  values: RULE_SEVERITIES,
});

/** Every field of every rule kind, null where a kind has none. */
const RuleRef = builder.objectRef<ReadinessRule>('ReadinessRule').implement({
  description:
    "One of a partner's readiness rules. kind: field-present (field), min-images (min), marketing-image, photo-check (check, minLongSidePx), code-matches-upc, upc-prefix (prefixes), duplicate-upc, name-length (min, max), field-pattern (field, pattern: a regular expression the whole value matches), file-type (fileType: pdf or image, min), label-arithmetic (check: calories, sugars, fats, daily-values or servings; its message names the numbers that disagree), photo-roles (roles: each on at least one photo of the product; front, back, side, nutrition-panel, ingredients, barcode). severity: blocking, warning or info. appliesAt: submit (judged on the draft; a blocking one refuses Submit) or after-submit (judged on the submission: the bulk edit's fields, staff's work).",
  fields: (t) => ({
    code: t.exposeString('code'),
    kind: t.exposeString('kind'),
    message: t.exposeString('message'),
    fix: t.exposeString('fix'),
    severity: t.field({ type: RuleSeverityEnum, resolve: (r) => r.severity }),
    weight: t.exposeInt('weight'),
    field: t.string({
      nullable: true,
      resolve: (r) => (r.kind === 'field-present' || r.kind === 'field-pattern' ? r.field : null),
    }),
    min: t.int({
      nullable: true,
      resolve: (r) =>
        r.kind === 'min-images' ? r.min : r.kind === 'name-length' || r.kind === 'file-type' ? (r.min ?? null) : null,
    }),
    max: t.int({ nullable: true, resolve: (r) => (r.kind === 'name-length' ? (r.max ?? null) : null) }),
    pattern: t.string({ nullable: true, resolve: (r) => (r.kind === 'field-pattern' ? r.pattern : null) }),
    fileType: t.string({ nullable: true, resolve: (r) => (r.kind === 'file-type' ? r.fileType : null) }),
    check: t.string({
      nullable: true,
      resolve: (r) => (r.kind === 'photo-check' || r.kind === 'label-arithmetic' ? r.check : null),
    }),
    minLongSidePx: t.int({
      nullable: true,
      resolve: (r) => (r.kind === 'photo-check' ? (r.minLongSidePx ?? null) : null),
    }),
    prefixes: t.stringList({ nullable: true, resolve: (r) => (r.kind === 'upc-prefix' ? r.prefixes : null) }),
    roles: t.stringList({ nullable: true, resolve: (r) => (r.kind === 'photo-roles' ? r.roles : null) }),
    appliesAt: t.string({
      description: 'submit or after-submit: as the rule says, or by its field when it says nothing.',
      resolve: (r) => appliesAtOf(r),
    }),
  }),
});

const RuleSetRef = builder.objectRef<RuleSet>('ReadinessRuleSet').implement({
  description: "A partner's rules: those its settings imply, then its own, at a version (0: never saved).",
  fields: (t) => ({
    version: t.exposeInt('version'),
    rules: t.field({ type: [RuleRef], resolve: (s) => [...s.rules] }),
  }),
});

const RuleResultRef = builder.objectRef<RuleResult>('ReadinessRuleResult').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    kind: t.exposeString('kind'),
    severity: t.field({ type: RuleSeverityEnum, resolve: (r) => r.severity }),
    weight: t.exposeInt('weight'),
    passed: t.exposeBoolean('passed'),
    message: t.exposeString('message'),
    fix: t.exposeString('fix'),
    fileNames: t.exposeStringList('fileNames', { description: 'The files that fail it (photo checks).' }),
  }),
});

export const ReadinessRef = builder.objectRef<Readiness>('Readiness').implement({
  fields: (t) => ({
    percent: t.exposeInt('percent', { description: 'Passed weight / total weight, in whole percent.' }),
    ready: t.exposeBoolean('ready', { description: 'No blocking rule fails.' }),
    version: t.exposeInt('version', { description: "The version of the partner's rules it was judged against." }),
    failing: t.field({ type: [RuleResultRef], resolve: (r) => r.failing }),
    blocking: t.field({
      type: [RuleResultRef],
      description: 'The failing blocking rules.',
      resolve: (r) => r.blocking,
    }),
    results: t.field({ type: [RuleResultRef], resolve: (r) => r.results }),
  }),
});

export const ProductReadinessRef = builder.objectRef<ProductReadiness>('ProductReadiness').implement({
  fields: (t) => ({
    upc: t.exposeString('upc'),
    fileNames: t.exposeStringList('fileNames'),
    readiness: t.field({ type: ReadinessRef, resolve: (p) => p.readiness }),
  }),
});

const RuleInput = builder.inputType('ReadinessRuleInput', {
  description: 'A rule as ReadinessRule describes it; the fields of other kinds are left out.',
  fields: (t) => ({
    code: t.string({ required: true }),
    kind: t.string({ required: true }),
    message: t.string({ required: true }),
    fix: t.string({ required: true }),
    severity: t.field({ type: RuleSeverityEnum, required: true }),
    weight: t.int({ required: true }),
    field: t.string(),
    min: t.int(),
    check: t.string(),
    minLongSidePx: t.int(),
    prefixes: t.stringList(),
    max: t.int(),
    pattern: t.string(),
    fileType: t.string(),
    roles: t.stringList({ description: 'photo-roles: front, back, side, nutrition-panel, ingredients, barcode.' }),
    appliesAt: t.string({ description: 'submit or after-submit; by the field when left out.' }),
  }),
});

/** GraphQL sends null for what was left out; the rule schema knows only absent fields. */
const cleanRules = (rules: readonly object[]) =>
  rules.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v != null)));

builder.queryField('getReadinessRules', (t) =>
  t.field({
    type: RuleSetRef,
    description: "A partner's current readiness rules (what a supplier's products are judged against).",
    args: { partnerCompanyId: t.arg.int({ required: true }) },
    resolve: async (_root, { partnerCompanyId }, { request, ctx }) => {
      authorize(readinessPolicy.viewRules(await requireUser(request)));
      return currentRules(ctx, partnerCompanyId);
    },
  }),
);

builder.mutationField('saveReadinessRules', (t) =>
  t.field({
    type: RuleSetRef,
    description:
      "Replaces the partner's own rules with a new version (earlier versions stay). Refused, naming the rule, when one cannot be satisfied or names an unknown field.",
    args: {
      partnerCompanyId: t.arg.int({ required: true }),
      rules: t.arg({ type: [RuleInput], required: true }),
    },
    resolve: async (_root, { partnerCompanyId, rules }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(readinessPolicy.editRules(user));
      return saveOwnRules(ctx, user, partnerCompanyId, cleanRules(rules));
    },
  }),
);

const FailingRuleRef = builder.objectRef<StoredFailingRule>('FailingRule').implement({
  description: "A rule of the partner's that the submission fails, with what to do about it.",
  fields: (t) => ({
    code: t.exposeString('code'),
    severity: t.field({ type: RuleSeverityEnum, resolve: (r) => r.severity }),
    message: t.exposeString('message'),
    fix: t.exposeString('fix'),
    fileNames: t.exposeStringList('fileNames', { description: 'The files that fail it (photo checks).' }),
  }),
});

export const SubmissionReadinessRef = builder.objectRef<StoredReadiness>('SubmissionReadiness').implement({
  description:
    "A submission's readiness for its partner as stored: kept current when the submission changes and recomputed in the background when the partner's rules change.",
  fields: (t) => ({
    percent: t.exposeInt('percent', { description: 'Passed weight / total weight, in whole percent.' }),
    ready: t.exposeBoolean('ready', { description: 'No blocking rule fails.' }),
    version: t.exposeInt('version', { description: "The version of the partner's rules it was judged against." }),
    failing: t.field({ type: [FailingRuleRef], resolve: (r) => r.failing }),
  }),
});

builder.objectField(ProductSubmissionRef, 'readiness', (t) =>
  t.field({
    type: SubmissionReadinessRef,
    nullable: true,
    description: 'The stored readiness for its partner; null without partner rules.',
    resolve: (s) => storedReadiness(s),
  }),
);

const DryRunRuleRef = builder.objectRef<DryRunRuleChange>('ReadinessDryRunRule').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    failing: t.exposeInt('failing', { description: 'Submissions that fail it by the proposed rules.' }),
    becomesNotReady: t.exposeInt('becomesNotReady'),
    becomesReady: t.exposeInt('becomesReady'),
    draftsBlocked: t.exposeInt('draftsBlocked', {
      description: 'Open drafts it would refuse at Submit (a blocking rule at submit).',
    }),
  }),
});

const DryRunRef = builder.objectRef<ReadinessDryRunStep>('ReadinessDryRun').implement({
  description:
    "What saving a rule set would change in the partner's current submissions, before it is saved: one step's counts (add the steps up), how many submissions there are in all, and where the next step starts.",
  fields: (t) => ({
    judged: t.exposeInt('judged', { description: 'Submissions judged in this step.' }),
    total: t.exposeInt('total', { description: 'Current submissions to the partner, in all the steps.' }),
    next: t.string({
      nullable: true,
      description: 'Pass as `after` for the next step; null when this step was the last.',
      resolve: (d) => d.next,
    }),
    becomesNotReady: t.exposeInt('becomesNotReady'),
    becomesReady: t.exposeInt('becomesReady'),
    scoreChanges: t.exposeInt('scoreChanges'),
    openDrafts: t.exposeInt('openDrafts', { description: 'Open drafts to the partner judged (in the first step).' }),
    draftsBlocked: t.exposeInt('draftsBlocked', {
      description: 'Open drafts the proposed rules would refuse at Submit.',
    }),
    draftsNewlyBlocked: t.exposeInt('draftsNewlyBlocked', {
      description: 'Of those, the ones the current rules do not refuse.',
    }),
    rules: t.field({ type: [DryRunRuleRef], resolve: (d) => d.rules }),
  }),
});

builder.queryField('dryRunReadinessRules', (t) =>
  t.field({
    type: DryRunRef,
    description:
      "How many of the partner's current submissions these own rules would make not ready, or ready again, per rule; nothing is saved. Refused like saveReadinessRules. In steps of about a second each: call again with `after` set to the answer's `next` until it is null, adding the counts up.",
    args: {
      partnerCompanyId: t.arg.int({ required: true }),
      rules: t.arg({ type: [RuleInput], required: true }),
      after: t.arg.string({ required: false, description: 'The `next` of the step before; none for the first step.' }),
    },
    resolve: async (_root, { partnerCompanyId, rules, after }, { request, ctx }) => {
      authorize(readinessPolicy.editRules(await requireUser(request)));
      return dryRunOwnRules(ctx, partnerCompanyId, cleanRules(rules), { after: after ?? null });
    },
  }),
);
