import { titleCase, VENDOR_AUTH_PARTNER_COMPANY_ID } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import { usePartnerId } from '../../partner/partner-context.tsx';
import { usePartnerConfiguration } from '../../partner/partner-configuration.ts';
import { useSignedInUser } from '../../session/session-context.tsx';
import type { UserDetails } from '../../session/user.ts';

/** Part 2 section 7: an ok status is needed; anything else is thrown (generic error handling tells the user). */
export const acceptTermsAndConditions = () =>
  apiFetch<UserDetails>('/user/accept-terms-and-conditions', { method: 'PUT' });

/**
 * The retail partner whose vendor terms these are: the partner of the page, else the one the user signed in
 * through, else the partner of the vendor authorization prompt. Its name is shown in title case.
 */
export function useRetailPartnerName(): string {
  const user = useSignedInUser();
  const partnerId = usePartnerId() ?? user.sessionPartnerCompanyId ?? VENDOR_AUTH_PARTNER_COMPANY_ID;
  const config = usePartnerConfiguration(partnerId);
  return config.data ? titleCase(config.data.companyName) : 'the retail partner';
}
