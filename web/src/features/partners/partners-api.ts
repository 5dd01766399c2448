import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  hasRequiredFlag,
  MIN_IMAGE_LONG_SIDE_RANGE,
  hasVisibleFlag,
  PARTNER_FIELDS,
  PHOTO_ISSUE_CODES,
  SECTION_FLAGS,
  type FieldRules,
  type PhotoIssueCode,
  type SectionFlag,
  SECOND_APPROVAL_MODES,
  type SecondApprovalMode,
} from '@portal/domain';
import type {
  PartnerConfigurationFieldsFragment,
  PartnerConfigurationInput,
  PartnerConfigurationsQuery as PartnerConfigurationsResult,
} from '../../api/gql/graphql.ts';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { uploadFiles } from '../../api/upload-files.ts';
import { useResourceCache } from '../../api/resource-cache.ts';
import { partnerConfigurationKey } from '../../partner/partner-configuration.ts';
import {
  CreatePartnerConfigurationMutation,
  PartnerConfigurationQuery,
  PartnerConfigurationsQuery,
  UpdatePartnerConfigurationMutation,
} from './partners-operations.ts';

export type SettingsConfiguration = PartnerConfigurationFieldsFragment;

export const settingsKeys = {
  all: ['settings'] as const,
  list: () => ['settings', 'list'] as const,
  configuration: (id: number) => ['settings', 'configuration', id] as const,
};

export const fetchPartnerConfigurations = async () => (await gql(PartnerConfigurationsQuery)).getPartnerConfigurations;

export function usePartnerConfigurations() {
  return useQuery({
    queryKey: settingsKeys.list(),
    queryFn: fetchPartnerConfigurations,
  });
}

const notFound = () => new GraphQLRequestError([{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }]);

/** One configuration by id; an unknown one is an error (the screens redirect). */
export function useSettingsConfiguration(id: number | null) {
  return useQuery({
    queryKey: settingsKeys.configuration(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const config = (await gql(PartnerConfigurationQuery, { partnerConfigurationId: id as number }, { notify: false }))
        .getPartnerConfiguration;
      if (!config) throw notFound();
      return config;
    },
    retry: false,
  });
}

/** Add: a configuration with the landing page on, put at the top of the table (part 2 section 4). */
export function useCreatePartnerConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (companyId: number) => {
      const created = (await gql(CreatePartnerConfigurationMutation, { companyId })).createPartnerConfiguration;
      if (!created) throw notFound();
      return created;
    },
    onSuccess: (created) => {
      queryClient.setQueryData<PartnerConfigurationsResult['getPartnerConfigurations']>(settingsKeys.list(), (list) => [
        created,
        ...(list ?? []).filter((c) => c.id !== created.id),
      ]);
      queryClient.setQueryData(settingsKeys.configuration(created.id), created);
    },
  });
}

/** What the settings form edits: the colours as typed, the landing page switch and every flag made explicit. */
export interface SettingsFormValues {
  primaryColor: string;
  secondaryColor: string;
  landingPageEnabled: boolean;
  /** Each field's own flags, and each section flag as { visible }. */
  rules: FieldRules;
  /** Photo checks that stop Submit (issue 20). */
  blockingPhotoChecks: PhotoIssueCode[];
  /** The low-resolution line in pixels ('' while the field is empty). */
  minImageLongSidePx: number | '';
  /** The review SLA in hours ('' while empty: no SLA). */
  reviewSlaHours: number | '';
  decisionUndo: boolean;
  secondApproval: SecondApprovalMode;
}

export function formValuesFrom(config: SettingsConfiguration): SettingsFormValues {
  const rules: FieldRules = {};
  for (const rule of config.fieldRules) {
    const flags: { visible?: boolean; required?: boolean } = {};
    if (hasVisibleFlag(rule.field)) flags.visible = rule.visible;
    if (hasRequiredFlag(rule.field)) flags.required = rule.required;
    rules[rule.field] = flags;
  }
  for (const flag of SECTION_FLAGS) rules[flag] = { visible: config[flag] };
  return {
    primaryColor: config.primaryColor,
    secondaryColor: config.secondaryColor ?? '',
    landingPageEnabled: config.landingPageEnabled,
    rules,
    blockingPhotoChecks: PHOTO_ISSUE_CODES.filter((code) => config.blockingPhotoChecks.includes(code)),
    minImageLongSidePx: config.minImageLongSidePx,
    reviewSlaHours: config.reviewSlaHours ?? '',
    decisionUndo: config.decisionUndo,
    secondApproval: (SECOND_APPROVAL_MODES as readonly string[]).includes(config.secondApproval)
      ? (config.secondApproval as SecondApprovalMode)
      : 'off',
  };
}

const flagOf = (value: boolean | undefined) => value ?? true;

/** The update call's input: every field with only the flags it has (absent flags read as true). */
export function toInput(values: SettingsFormValues): PartnerConfigurationInput {
  const sectionFlag = (flag: SectionFlag) => flagOf(values.rules[flag]?.visible);
  return {
    primaryColor: values.primaryColor.trim(),
    secondaryColor: values.secondaryColor.trim() || null,
    landingPageEnabled: values.landingPageEnabled,
    fieldRules: PARTNER_FIELDS.map((field) => ({
      field,
      ...(hasVisibleFlag(field) && { visible: flagOf(values.rules[field]?.visible) }),
      ...(hasRequiredFlag(field) && { required: flagOf(values.rules[field]?.required) }),
    })),
    placementFieldsVisible: sectionFlag('placementFieldsVisible'),
    pricingFieldsVisible: sectionFlag('pricingFieldsVisible'),
    promotionFieldsVisible: sectionFlag('promotionFieldsVisible'),
    blockingPhotoChecks: values.blockingPhotoChecks,
    // Sent only when it is a line the server takes; Save stays off otherwise.
    ...(values.minImageLongSidePx !== '' && { minImageLongSidePx: values.minImageLongSidePx }),
    reviewSlaHours: values.reviewSlaHours === '' ? null : values.reviewSlaHours,
    decisionUndo: values.decisionUndo,
    secondApproval: values.secondApproval,
  };
}

/** Same configuration once sent: what decides whether Save has anything to do. */
export const sameInput = (a: SettingsFormValues, b: SettingsFormValues) =>
  JSON.stringify(toInput(a)) === JSON.stringify(toInput(b));

/**
 * Save: the update (everything but the logo), then the logo if one was chosen (part 2 section 4).
 * The screens of the partner (landing, login, shell) read the fresh configuration afterwards.
 */
export function useSavePartnerConfiguration(id: number) {
  const queryClient = useQueryClient();
  const resources = useResourceCache();
  return useMutation({
    /** `lastUpdatedDate`: the configuration's updatedDate the form started from (another save since is refused). */
    mutationFn: async ({
      values,
      logo,
      lastUpdatedDate,
    }: {
      values: SettingsFormValues;
      logo: File | null;
      lastUpdatedDate: string;
    }) => {
      const input = { ...toInput(values), lastUpdatedDate };
      let saved = (
        await gql(UpdatePartnerConfigurationMutation, { partnerConfigurationId: id, input }, { notify: false })
      ).updatePartnerConfiguration;
      if (!saved) throw notFound();
      if (logo) {
        const withLogo = await uploadFiles<{ partnerLogoFileName: string | null; updatedDate: string }>(
          `/partner-configurations/${id}/logo`,
          [logo],
          {
            field: 'file',
            notify: false,
          },
        );
        saved = { ...saved, partnerLogoFileName: withLogo.partnerLogoFileName, updatedDate: withLogo.updatedDate };
      }
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.configuration(id), saved);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.list() });
      resources.invalidate(partnerConfigurationKey(saved.companyId));
    },
  });
}

/** A low-resolution line the server takes: a whole number of pixels within the range. */
export const isValidLine = (value: number | ''): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= MIN_IMAGE_LONG_SIDE_RANGE.min &&
  value <= MIN_IMAGE_LONG_SIDE_RANGE.max;
