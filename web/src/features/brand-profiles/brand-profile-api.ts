import { useQuery } from '@tanstack/react-query';
import { DISTRIBUTION_STATES_COUNTRY, type BrandFileKind, type BrandProfileInput } from '@portal/domain';
import type { BrandProfileFieldsFragment } from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import { uploadFiles } from '../../api/upload-files.ts';
import {
  CitiesQuery,
  CompanyBrandProfilesQuery,
  CountriesQuery,
  CreateBrandProfileMutation,
  DistributionMethodsQuery,
  StatesQuery,
  UpdateBrandProfileIsPublishedMutation,
  UpdateBrandProfileMutation,
} from './brand-profile-operations.ts';

export type BrandProfile = BrandProfileFieldsFragment;

export const brandProfileKeys = {
  company: (companyId: number) => ['brand-profile', 'company', companyId] as const,
  countries: ['lookups', 'countries'] as const,
  states: (countryCode: string) => ['lookups', 'states', countryCode] as const,
  cities: (countryCode: string, stateCode: string) => ['lookups', 'cities', countryCode, stateCode] as const,
  methods: ['lookups', 'distribution-methods'] as const,
};

/** The company's brand profile (one per company), or null when it has none yet. */
export function useCompanyBrandProfile(companyId: number) {
  return useQuery({
    queryKey: brandProfileKeys.company(companyId),
    queryFn: async () => (await gql(CompanyBrandProfilesQuery, { companyId })).getCompany?.brandProfiles[0] ?? null,
  });
}

const LOOKUP_STALE_MS = 60 * 60 * 1000;

export function useCountries() {
  return useQuery({
    queryKey: brandProfileKeys.countries,
    queryFn: async () => (await gql(CountriesQuery)).getCountries,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useStates(countryCode: string) {
  return useQuery({
    queryKey: brandProfileKeys.states(countryCode),
    queryFn: async () => (await gql(StatesQuery, { countryCode })).getStates,
    enabled: !!countryCode,
    staleTime: LOOKUP_STALE_MS,
  });
}

export const useDistributionStates = () => useStates(DISTRIBUTION_STATES_COUNTRY);

export function useCities(countryCode: string, stateCode: string) {
  return useQuery({
    queryKey: brandProfileKeys.cities(countryCode, stateCode),
    queryFn: async () => (await gql(CitiesQuery, { countryCode, stateCode })).getCities,
    enabled: !!countryCode && !!stateCode,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useDistributionMethods() {
  return useQuery({
    queryKey: brandProfileKeys.methods,
    queryFn: async () => (await gql(DistributionMethodsQuery)).getDistributionMethods,
    staleTime: LOOKUP_STALE_MS,
  });
}

export async function createBrandProfile(companyId: number, input: BrandProfileInput & { isPublished: boolean }) {
  return (await gql(CreateBrandProfileMutation, { companyId, input: toGraphqlInput(input) }, { notify: false }))
    .createBrandProfile;
}

export async function updateBrandProfile(companyId: number, brandProfileId: number, input: BrandProfileInput) {
  return (
    await gql(
      UpdateBrandProfileMutation,
      { companyId, brandProfileId, input: toGraphqlInput(input) },
      { notify: false },
    )
  ).updateBrandProfile;
}

export async function setBrandProfilePublished(companyId: number, brandProfileId: number, isPublished: boolean) {
  return (await gql(UpdateBrandProfileIsPublishedMutation, { companyId, brandProfileId, isPublished }))
    .updateBrandProfileIsPublished;
}

/** POST /api/companies/{companyId}/brand-profiles/{brandProfileId}/{kind}, one file in field 'file'. */
export function uploadBrandFile(companyId: number, brandProfileId: number, kind: BrandFileKind, file: File) {
  return uploadFiles<BrandProfile>(`/companies/${companyId}/brand-profiles/${brandProfileId}/${kind}`, [file], {
    field: 'file',
    notify: false,
  });
}

function toGraphqlInput(input: BrandProfileInput & { isPublished?: boolean }) {
  return {
    ...input,
    yearFounded: input.yearFounded == null ? null : String(input.yearFounded),
    samplesOffered: input.samplesOffered ?? null,
  };
}
