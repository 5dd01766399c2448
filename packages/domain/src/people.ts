import { z } from 'zod';
import { accountInformationSchema, newPasswordSchema } from './account.ts';
import { COMPANY_SCOPES, isScope, type Scope } from './scopes.ts';

/**
 * Managing people: administrators add staff users with their scopes, supplier companies and those companies' users;
 * each new account is invited by e-mail and chooses its own password through a single-use link.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

export const COMPANY_NAME_MAX = 120;

export const PEOPLE_MSG = {
  scopesRequired: 'Choose at least one scope for a member of staff.',
  unknownScope: 'Unknown scope.',
  notStaffScope: 'That scope is for company users, not staff.',
  notCompanyScope: 'Company users can hold only company scopes.',
  scopeNotYours: 'You can grant only scopes you hold yourself.',
  companyNameRequired: 'Enter the company name.',
  companyNameTooLong: `The company name can be at most ${COMPANY_NAME_MAX} characters.`,
  companyNameTaken: 'A company with this name already exists.',
  companyNotFound: 'No such supplier company.',
  notSupplierCompany: 'Users can be invited here only to supplier companies.',
  userNotFound: 'User not found.',
  alreadyActive: 'This person has already set a password: they can use "Forgot password" instead.',
  invitationInvalid: 'This invitation link is not valid any more. Ask your administrator to send a new one.',
  invited: (email: string) => `Invitation sent to ${email}.`,
  companyAdded: (name: string) => `Company ${name} added.`,
  accepted: 'Your password is set. Sign in with your e-mail address and new password.',
} as const;

const scopeList = z.array(z.string().max(64)).max(20);

/** A new member of staff: name, e-mail and at least one staff scope. */
export const staffInviteSchema = accountInformationSchema
  .extend({
    scopes: scopeList.superRefine((scopes, ctx) => {
      if (scopes.length === 0) ctx.addIssue({ code: 'custom', message: PEOPLE_MSG.scopesRequired });
      for (const s of scopes) {
        if (!isScope(s)) ctx.addIssue({ code: 'custom', message: PEOPLE_MSG.unknownScope });
        else if ((COMPANY_SCOPES as readonly string[]).includes(s))
          ctx.addIssue({ code: 'custom', message: PEOPLE_MSG.notStaffScope });
      }
    }),
  })
  .meta({
    examples: [
      {
        email: 'reviewer@example.com',
        firstName: 'Rae',
        lastName: 'Viewer',
        scopes: ['read:allproductsubmissions', 'write:allproductsubmissions'],
      },
    ],
  });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** A new user of a supplier company: name, e-mail and any company scopes (none by default). */
export const companyUserInviteSchema = accountInformationSchema
  .extend({
    scopes: scopeList
      .default([])
      .refine((scopes) => scopes.every((s) => (COMPANY_SCOPES as readonly string[]).includes(s)), {
        message: PEOPLE_MSG.notCompanyScope,
      }),
  })
  .meta({ examples: [{ email: 'buyer@example.com', firstName: 'Bea', lastName: 'Buyer', scopes: [] }] });
export type CompanyUserInvite = z.infer<typeof companyUserInviteSchema>;

export const newCompanySchema = z
  .object({
    name: z
      .string({ error: PEOPLE_MSG.companyNameRequired })
      .trim()
      .min(1, PEOPLE_MSG.companyNameRequired)
      .max(COMPANY_NAME_MAX, PEOPLE_MSG.companyNameTooLong),
  })
  .meta({ examples: [{ name: 'Hillside Dairy' }] });

export const acceptInvitationSchema = z
  .object({ token: z.string().min(16).max(200), newPassword: newPasswordSchema })
  .meta({ examples: [{ token: 'Q2xlYXJ3YXRlci1pbnZpdGUtMTIzNDU2', newPassword: 'Blue-harbour-lantern-42' }] });

/** Scopes the granting administrator holds itself: nobody grants more than they have. */
export const grantableScopes = (granter: { scopes: readonly string[] }, wanted: readonly string[]): boolean =>
  wanted.every((s) => granter.scopes.includes(s));

export const STAFF_SCOPE_LABELS: Partial<Record<Scope, string>> = {
  'read:allproductsubmissions': 'Read every submission',
  'write:allproductsubmissions': 'Review and change every submission',
  'read:partnerconfigurations': 'Read partner settings',
  'write:partnerconfigurations': 'Change partner settings',
  'write:productsubmissions': 'Submit products',
  'read:jobs': 'Read background jobs',
  'write:jobs': 'Retry and discard background jobs',
};

export interface PersonView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  scopes: string[];
  /** invited: no password yet (the invitation is open or expired); active: signs in; disabled. */
  state: 'invited' | 'active' | 'disabled';
  createdAt: string;
}

export interface CompanyView {
  id: number;
  name: string;
  kind: 'supplier' | 'partner' | 'staff';
  users: number;
}
