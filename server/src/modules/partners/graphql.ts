import { builder } from '../../graphql/builder.ts';
import { CompanyRef } from '../users/graphql.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { authorize } from '../../lib/authorize.ts';
import { partnerPolicy } from './policy.ts';
import {
  createConfiguration,
  getCompany,
  getConfiguration,
  listConfigurations,
  searchCompanies,
  searchPartners,
  updateConfiguration,
  type PartnerConfigurationView,
} from './service.ts';

interface PartnerSearchResult {
  id: number;
  companyName: string;
  partnerConfigurationId: number;
}

const PartnerSearchResultRef = builder.objectRef<PartnerSearchResult>('PartnerSearchResult').implement({
  description: 'A partner company that has a partner configuration; id is the company id.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyName: t.exposeString('companyName'),
    partnerConfigurationId: t.exposeInt('partnerConfigurationId'),
  }),
});

builder.queryField('searchPartnerConfigurations', (t) =>
  t.field({
    type: [PartnerSearchResultRef],
    description: 'Partners whose company name contains the text (case-insensitive), at most 20.',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, { request, ctx }) => {
      authorize(partnerPolicy.searchPartners(await requireUser(request)));
      return searchPartners(ctx, name);
    },
  }),
);

const FieldRuleRef = builder.objectRef<{ field: string; visible: boolean; required: boolean }>('FieldRule').implement({
  description: 'A configurable intake field with its defaults applied (part 2 section 3).',
  fields: (t) => ({
    field: t.exposeString('field'),
    visible: t.exposeBoolean('visible'),
    required: t.exposeBoolean('required'),
  }),
});

const PartnerConfigurationRef = builder.objectRef<PartnerConfigurationView>('PartnerConfiguration').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyId: t.exposeInt('companyId'),
    companyName: t.exposeString('companyName'),
    partnerLogoFileName: t.exposeString('partnerLogoFileName', { nullable: true }),
    primaryColor: t.exposeString('primaryColor'),
    secondaryColor: t.exposeString('secondaryColor', { nullable: true }),
    landingPageEnabled: t.exposeBoolean('landingPageEnabled'),
    fieldRules: t.field({ type: [FieldRuleRef], resolve: (c) => c.fieldRules }),
    placementFieldsVisible: t.exposeBoolean('placementFieldsVisible'),
    pricingFieldsVisible: t.exposeBoolean('pricingFieldsVisible'),
    promotionFieldsVisible: t.exposeBoolean('promotionFieldsVisible'),
    blockingPhotoChecks: t.exposeStringList('blockingPhotoChecks', {
      description:
        "Photo checks (PhotoIssue codes) that stop Submit in this partner's intake; the others are warnings.",
    }),
    minImageLongSidePx: t.exposeInt('minImageLongSidePx', {
      description: 'LOW_RESOLUTION: the least pixels on the longest side of an image sent to this partner.',
    }),
    decisionUndo: t.exposeBoolean('decisionUndo', {
      description:
        "Review decisions on this partner's items can be undone for 10 s; the supplier's e-mail and the events wait.",
    }),
    reviewSlaHours: t.exposeInt('reviewSlaHours', {
      nullable: true,
      description: 'Hours an item may wait for review before the queue marks it over SLA; null: no SLA.',
    }),
    secondApproval: t.exposeString('secondApproval', {
      description:
        'Which review decisions wait for a second reviewer before the supplier hears: off, reject, accept or both.',
    }),
    updatedDate: t.expose('updatedDate', {
      type: 'DateTime',
      description: 'When it was last saved; send it back as lastUpdatedDate with a change.',
    }),
  }),
});

const FieldRuleInput = builder.inputType('FieldRuleInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    visible: t.boolean(),
    required: t.boolean(),
  }),
});

const PartnerConfigurationInput = builder.inputType('PartnerConfigurationInput', {
  description: 'Everything of a configuration except the logo, which is uploaded separately.',
  fields: (t) => ({
    primaryColor: t.string({ required: true }),
    secondaryColor: t.string({
      description:
        'The button colour; null or left out clears it (the whole configuration is sent, as the settings screen does).',
    }),
    landingPageEnabled: t.boolean({ required: true }),
    fieldRules: t.field({
      type: [FieldRuleInput],
      description:
        'Replaces every field rule when given: a field or flag left out goes back to its default (visible, required). Left out with the three section flags, the stored rules stay. A field not visible is stored as not required.',
    }),
    placementFieldsVisible: t.boolean(),
    pricingFieldsVisible: t.boolean(),
    promotionFieldsVisible: t.boolean(),
    blockingPhotoChecks: t.stringList({ description: 'Replaces the blocking photo checks when given.' }),
    minImageLongSidePx: t.int({
      description: 'The low-resolution line in pixels (100 to 10000); left out keeps the stored one.',
    }),
    decisionUndo: t.boolean({ description: 'The undo window of review decisions on or off; left out keeps it.' }),
    reviewSlaHours: t.int({
      description: 'The review SLA in hours (1 to 2160); null clears it; left out keeps it.',
    }),
    secondApproval: t.string({
      description: 'Second approval of review decisions: off, reject, accept or both; left out keeps it.',
    }),
    lastUpdatedDate: t.field({
      type: 'DateTime',
      description:
        'The updatedDate the change was made from: if the configuration was saved since, the change is refused (CONFLICT) instead of overwriting that save.',
    }),
  }),
});

builder.queryField('getPartnerConfigurations', (t) =>
  t.field({
    type: [PartnerConfigurationRef],
    description: 'Every partner configuration, newest first.',
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(partnerPolicy.viewConfigurations(await requireUser(request)));
      return listConfigurations(ctx);
    },
  }),
);

builder.queryField('getPartnerConfiguration', (t) =>
  t.field({
    type: PartnerConfigurationRef,
    nullable: true,
    args: { partnerConfigurationId: t.arg.int({ required: true }) },
    resolve: async (_root, { partnerConfigurationId }, { request, ctx }) => {
      authorize(partnerPolicy.viewConfigurations(await requireUser(request)));
      return getConfiguration(ctx, partnerConfigurationId);
    },
  }),
);

builder.queryField('searchCompaniesByName', (t) =>
  t.field({
    type: [CompanyRef],
    description:
      'Companies whose name contains the text (case-insensitive), at most 20. For settings and for the access page.',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, { request, ctx }) => {
      authorize(partnerPolicy.searchCompanies(await requireUser(request)));
      return searchCompanies(ctx, name);
    },
  }),
);

builder.queryField('getCompany', (t) =>
  t.field({
    type: CompanyRef,
    nullable: true,
    description:
      "A company: settings readers and administrators read any, other users only their own (another answers 'not found').",
    args: { companyId: t.arg.int({ required: true }) },
    resolve: async (_root, { companyId }, { request, ctx }) => {
      authorize(partnerPolicy.viewCompany(await requireUser(request), companyId), () => notFound('No such company.'));
      return getCompany(ctx, companyId);
    },
  }),
);

builder.mutationField('createPartnerConfiguration', (t) =>
  t.field({
    type: PartnerConfigurationRef,
    nullable: true,
    description: 'A new configuration for the company: landing page enabled, default primary colour.',
    args: { companyId: t.arg.int({ required: true }) },
    resolve: async (_root, { companyId }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(partnerPolicy.configure(user));
      return createConfiguration(ctx, user, companyId);
    },
  }),
);

builder.mutationField('updatePartnerConfiguration', (t) =>
  t.field({
    type: PartnerConfigurationRef,
    nullable: true,
    args: {
      partnerConfigurationId: t.arg.int({ required: true }),
      input: t.arg({ type: PartnerConfigurationInput, required: true }),
    },
    resolve: async (_root, { partnerConfigurationId, input }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(partnerPolicy.configure(user));
      const fieldRules: Record<string, unknown> = {};
      for (const rule of input.fieldRules ?? []) {
        if (rule.field in fieldRules)
          throw badRequest(`${rule.field}: listed more than once.`, {
            [`fieldRules.${rule.field}`]: 'Listed more than once.',
          });
        const flags: { visible?: boolean; required?: boolean } = {};
        if (rule.visible != null) flags.visible = rule.visible;
        if (rule.required != null) flags.required = rule.required;
        fieldRules[rule.field] = flags;
      }
      for (const flag of ['placementFieldsVisible', 'pricingFieldsVisible', 'promotionFieldsVisible'] as const) {
        if (input[flag] != null) fieldRules[flag] = { visible: input[flag] };
      }
      return updateConfiguration(ctx, user, partnerConfigurationId, {
        primaryColor: input.primaryColor,
        secondaryColor: input.secondaryColor ?? null,
        landingPageEnabled: input.landingPageEnabled,
        // Neither rules nor section flags sent: the stored rules stay as they are.
        fieldRules: input.fieldRules == null && Object.keys(fieldRules).length === 0 ? undefined : fieldRules,
        ...(input.blockingPhotoChecks != null && { blockingPhotoChecks: input.blockingPhotoChecks }),
        ...(input.minImageLongSidePx != null && { minImageLongSidePx: input.minImageLongSidePx }),
        ...(input.decisionUndo != null && { decisionUndo: input.decisionUndo }),
        ...(input.reviewSlaHours !== undefined && { reviewSlaHours: input.reviewSlaHours }),
        ...(input.secondApproval != null && { secondApproval: input.secondApproval }),
        ...(input.lastUpdatedDate != null && { lastUpdatedDate: input.lastUpdatedDate }),
      });
    },
  }),
);
