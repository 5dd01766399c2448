import { isAnyAdmin, isPartnerConfigAdmin, SCOPES } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type WithScopes = Pick<Actor, 'scopes'>;
const readsSettings = (user: WithScopes) => user.scopes.includes(SCOPES.readPartnerConfigurations);

/**
 * Who may see and change partner configurations and companies (part 2 sections 2 and 3). The landing page's
 * configuration and the partner logo are public (the co-branded pages show them before anyone signs in).
 */
export const partnerPolicy = {
  /** The settings pages: read:partnerconfigurations. */
  viewConfigurations: (user: WithScopes) => readsSettings(user),
  /** Create and change configurations, upload a logo: both partner-configuration scopes. */
  configure: (user: WithScopes) => isPartnerConfigAdmin(user),
  /** Partner names for the activity filter: any signed-in user (they carry no company's private records). */
  searchPartners: (_user: WithScopes) => true,
  /**
   * Company names for the pickers of the settings, access, shipping-profile and webhook pages: settings readers and
   * administrators, read-only ones too (they look at any company's shipping profiles and webhooks; viewCompany agrees).
   */
  searchCompanies: (user: WithScopes) => isAnyAdmin(user) || readsSettings(user),
  /** A company by id: staff (administrators, settings readers) any, other users only their own. */
  viewCompany: (user: Pick<Actor, 'scopes' | 'companyId'>, companyId: number) =>
    isAnyAdmin(user) || readsSettings(user) || user.companyId === companyId,
};
