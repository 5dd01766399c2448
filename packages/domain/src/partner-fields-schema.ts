import { REVIEW_SLA_MAX_HOURS } from './review-triage.ts';
import { secondApprovalModeSchema } from './review-approval-schema.ts';
import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { isHexColour } from './partner.ts';
import {
  PARTNER_SETTINGS_MSG,
  PHOTO_LINE_MSG,
  REQUIRED_ONLY_FIELDS,
  SECTION_FLAGS,
  setVisible,
  VISIBLE_AND_REQUIRED_FIELDS,
  VISIBLE_ONLY_FIELDS,
  type FieldRules,
} from './partner-fields.ts';
import { MIN_IMAGE_LONG_SIDE_RANGE } from './photo-checks.ts';
import { photoIssueCodeSchema } from './photo-checks-schema.ts';

// Apart from partner-fields.ts, whose rules the settings pages and every intake read without any schema.

const hexColour = z.string().trim().refine(isHexColour, 'Must be a hex colour such as #1f5f8b.');

const flag = z.boolean().optional();

/** The field-rules part of an update: only known names, only booleans, only the flags each field has. */
const fieldRuleShape: Record<string, z.ZodType<{ visible?: boolean; required?: boolean }>> = {
  ...Object.fromEntries(
    VISIBLE_AND_REQUIRED_FIELDS.map((f) => [f, z.object({ visible: flag, required: flag }).strict()]),
  ),
  ...Object.fromEntries(REQUIRED_ONLY_FIELDS.map((f) => [f, z.object({ required: flag }).strict()])),
  ...Object.fromEntries(VISIBLE_ONLY_FIELDS.map((f) => [f, z.object({ visible: flag }).strict()])),
  ...Object.fromEntries(SECTION_FLAGS.map((f) => [f, z.object({ visible: flag }).strict()])),
};
/**
 * Rules as the settings screen would leave them: a field that is not visible is not required (part 2 section 4,
 * "switching visible off clears required"), whoever sends them. An absent flag means true.
 */
export const fieldRulesInputSchema = z
  .object(fieldRuleShape)
  .partial()
  .strict()
  .transform((rules) => {
    let next: FieldRules = rules;
    for (const field of VISIBLE_AND_REQUIRED_FIELDS)
      if (rules[field]?.visible === false) next = setVisible(next, field, false);
    return next;
  });

/** The configuration update (everything except the logo). */
export const partnerConfigurationInputSchema = z
  .object({
    primaryColor: hexColour,
    secondaryColor: hexColour.nullable().optional(),
    landingPageEnabled: z.boolean(),
    /** Replaces every rule when given; absent keeps the stored rules. */
    fieldRules: fieldRulesInputSchema.optional(),
    /** Photo checks that block Submit (issue 20), each once; absent keeps the stored ones. */
    blockingPhotoChecks: z
      .array(photoIssueCodeSchema)
      .refine((codes) => new Set(codes).size === codes.length, 'Each photo check may be listed once.')
      .optional(),
    /** LOW_RESOLUTION: the least pixels on an image's longest side; absent keeps the stored line. */
    minImageLongSidePx: z
      .number()
      .int()
      .min(MIN_IMAGE_LONG_SIDE_RANGE.min, PHOTO_LINE_MSG)
      .max(MIN_IMAGE_LONG_SIDE_RANGE.max, PHOTO_LINE_MSG)
      .optional(),
    /** Review decisions on this partner's items can be undone for 10 s, their e-mail and events held; absent keeps it. */
    decisionUndo: z.boolean().optional(),
    /** Hours an item may wait for review before it is over SLA; null: no SLA; absent keeps it. */
    reviewSlaHours: z.number().int().min(1).max(REVIEW_SLA_MAX_HOURS).nullable().optional(),
    /** Which review decisions wait for a second reviewer (off, reject, accept, both); absent keeps it. */
    secondApproval: secondApprovalModeSchema.optional(),
    /** When the configuration the change was made from was saved: a save since then refuses this one. */
    lastUpdatedDate: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .meta({
    examples: [
      {
        primaryColor: '#1F6F43',
        secondaryColor: '#F2B705',
        landingPageEnabled: true,
        blockingPhotoChecks: ['BLURRY'],
        minImageLongSidePx: 1200,
        lastUpdatedDate: EXAMPLE.earlier,
      },
    ],
  });
export type PartnerConfigurationInput = z.infer<typeof partnerConfigurationInputSchema>;

/** The colours of the settings form: the primary colour is required, the button colour may be left empty. */
export const partnerColoursFormSchema = z.object({
  primaryColor: z
    .string()
    .trim()
    .min(1, PARTNER_SETTINGS_MSG.primaryColorRequired)
    .refine((v) => v === '' || isHexColour(v), PARTNER_SETTINGS_MSG.hexColour),
  secondaryColor: z
    .string()
    .trim()
    .refine((v) => v === '' || isHexColour(v), PARTNER_SETTINGS_MSG.hexColour),
});

/** What every reader of a partner configuration sees: whose it is and its co-branding. */
const partnerBranding = {
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  partnerLogoFileName: z.string().nullable(),
  partnerLogoUrl: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string().nullable(),
  landingPageEnabled: z.boolean(),
};

/** A partner configuration as staff read and change it (the settings screen; GraphQL's PartnerConfiguration). */
/** The branding part of both configuration examples (Harvest Market's). */
const brandingExample = {
  id: 3,
  companyId: EXAMPLE.partnerCompanyId,
  companyName: 'Harvest Market',
  partnerLogoFileName: 'logo.png',
  partnerLogoUrl: '/api/partner-configurations/3/logo/logo.png',
  primaryColor: '#1F6F43',
  secondaryColor: '#F2B705',
  landingPageEnabled: true,
};

export const partnerConfigurationSchema = z
  .object({
    ...partnerBranding,
    fieldRules: z.array(z.object({ field: z.string(), visible: z.boolean(), required: z.boolean() })),
    placementFieldsVisible: z.boolean(),
    pricingFieldsVisible: z.boolean(),
    promotionFieldsVisible: z.boolean(),
    blockingPhotoChecks: z.array(z.string()).describe('Photo checks that stop Submit for this partner'),
    minImageLongSidePx: z.number().int(),
    decisionUndo: z.boolean().describe('Review decisions can be undone for 10 s; the supplier is told after it'),
    reviewSlaHours: z
      .number()
      .int()
      .nullable()
      .describe('Hours an item may wait for review before the queue marks it over SLA (null: no SLA)'),
    secondApproval: secondApprovalModeSchema,
    updatedDate: z.iso.datetime({ offset: true }).describe('When it was last saved'),
  })
  .meta({
    id: 'PartnerConfiguration',
    examples: [
      {
        ...brandingExample,
        fieldRules: [{ field: 'productName', visible: true, required: true }],
        placementFieldsVisible: false,
        pricingFieldsVisible: true,
        promotionFieldsVisible: false,
        blockingPhotoChecks: ['BLURRY'],
        minImageLongSidePx: 1200,
        decisionUndo: true,
        reviewSlaHours: 48,
        secondApproval: 'reject',
        updatedDate: EXAMPLE.at,
      },
    ],
  });
export type PartnerConfigurationJson = z.infer<typeof partnerConfigurationSchema>;

/**
 * What anybody may read of a partner's configuration (the co-branded landing page and sign-in): its branding, and
 * each stored field rule under its field name, as the first clients read them.
 */
export const publicPartnerConfigurationSchema = z
  .object({
    ...partnerBranding,
    productNameFieldRequired: z.boolean(),
    shippingProfileFieldRequired: z.boolean(),
  })
  .catchall(z.object({ visible: z.boolean().optional(), required: z.boolean().optional() }))
  .meta({
    id: 'PublicPartnerConfiguration',
    examples: [
      {
        ...brandingExample,
        productNameFieldRequired: true,
        shippingProfileFieldRequired: false,
        productName: { visible: true, required: true },
      },
    ],
  });
