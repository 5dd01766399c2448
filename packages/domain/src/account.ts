import { z } from 'zod';
import { PERSON_NAME_MAX } from './constants.ts';
import { MSG } from './messages.ts';
import { emailSchema, loginPasswordSchema, newPasswordSchema } from './sign-in.ts';
import { EXAMPLE } from './api-examples.ts';

export { emailSchema, newPasswordSchema } from './sign-in.ts';
export { meetsPasswordPolicy } from './password-policy.ts';

export const loginSchema = z
  .object({
    username: emailSchema,
    password: loginPasswordSchema,
    source: z.string().max(64).optional(),
    partner: z.coerce.number().int().positive().optional(),
  })
  .meta({ examples: [{ username: EXAMPLE.email, password: 'Supplier-demo-1' }] });
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }).meta({ examples: [{ email: EXAMPLE.email }] });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(16).max(200),
    newPassword: newPasswordSchema,
  })
  .meta({ examples: [{ token: 'Q2xlYXJ3YXRlci1yZXNldC0xMjM0NTY', newPassword: 'Blue-harbour-lantern-42' }] });

export const strengthenPasswordSchema = z
  .object({ newPassword: newPasswordSchema })
  .meta({ examples: [{ newPassword: 'Blue-harbour-lantern-42' }] });

export const accountInformationSchema = z
  .object({
    email: emailSchema,
    firstName: z
      .string({ error: MSG.firstNameRequired })
      .trim()
      .min(1, MSG.firstNameRequired)
      .max(PERSON_NAME_MAX, MSG.firstNameTooLong),
    lastName: z
      .string({ error: MSG.lastNameRequired })
      .trim()
      .min(1, MSG.lastNameRequired)
      .max(PERSON_NAME_MAX, MSG.lastNameTooLong),
  })
  .meta({ examples: [{ email: EXAMPLE.email, firstName: EXAMPLE.firstName, lastName: EXAMPLE.lastName }] });
export type AccountInformation = z.infer<typeof accountInformationSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
    newPassword: newPasswordSchema,
  })
  .meta({ examples: [{ oldPassword: 'Supplier-demo-1', newPassword: 'Blue-harbour-lantern-42' }] });

/** The change-password form adds a confirmation field that must match. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, MSG.confirmRequired) })
  .refine((v) => !v.confirmPassword || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsDoNotMatch,
  });

/** The signed-in user as GET /api/user (and sign-in, account changes) answers it; the web app's UserDetails. */
export const userDetailsSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    isAuth0User: z.boolean().describe('The portal keeps this account’s password (it may edit its details here)'),
    scopes: z.array(z.string()).describe("The user's scopes; with an API token, the token's effective scopes"),
    sessionPartnerCompanyId: z.number().int().nullable(),
    tcAcceptanceDate: z.iso.datetime({ offset: true }).nullable(),
    hasBulkIngestionAccess: z.boolean().describe("The user's company is a bulk ingestion organisation"),
  })
  .meta({
    id: 'UserDetails',
    examples: [
      {
        id: EXAMPLE.userId,
        companyId: EXAMPLE.companyId,
        firstName: EXAMPLE.firstName,
        lastName: EXAMPLE.lastName,
        email: EXAMPLE.email,
        company: { id: EXAMPLE.companyId, name: 'Green Valley Foods' },
        isAuth0User: true,
        scopes: ['write:webhooks'],
        sessionPartnerCompanyId: null,
        tcAcceptanceDate: EXAMPLE.earlier,
        hasBulkIngestionAccess: false,
      },
    ],
  });
export type UserDetails = z.infer<typeof userDetailsSchema>;
