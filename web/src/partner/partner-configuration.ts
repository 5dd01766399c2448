import { isHexColour } from '@portal/domain';
import { apiFetch } from '../api/api-fetch.ts';
import { useResource } from '../api/resource-cache.ts';

export interface PartnerConfiguration {
  id: number;
  companyId: number;
  companyName: string;
  partnerLogoFileName: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  landingPageEnabled: boolean;
}

export async function fetchPartnerConfiguration(companyId: number): Promise<PartnerConfiguration> {
  // The caller decides what a failure means (landing: /login, shell: leave the partner).
  const config = await apiFetch<PartnerConfiguration | undefined>(`/companies/${companyId}/partner-configuration`, {
    notify: false,
  });
  // Part 1 section 7: an empty body counts as a failure.
  if (!config || typeof config !== 'object') throw new Error('Empty partner configuration');
  return config;
}

/** Its key in the app's resource cache. */
export const partnerConfigurationKey = (companyId: number) => `partner-configuration/${companyId}`;

/** The partner's configuration (none asked without a partner), asked again after five minutes. */
export function usePartnerConfiguration(companyId: number | null) {
  return useResource(
    companyId === null ? null : partnerConfigurationKey(companyId),
    () => fetchPartnerConfiguration(companyId as number),
    5 * 60_000,
  );
}

export const partnerLogoUrl = (config: Pick<PartnerConfiguration, 'id' | 'partnerLogoFileName'>) =>
  config.partnerLogoFileName
    ? `/api/partner-configurations/${config.id}/logo/${encodeURIComponent(config.partnerLogoFileName)}`
    : null;

/** A partner colour when it is a valid hex colour, else the fallback. */
export const validColour = (value: string | null | undefined, fallback: string | null = null) =>
  value && isHexColour(value) ? value : fallback;
