import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ShippingProfileInput } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import type { ShippingProfileFieldsFragment, ShippingProfileProductsQuery } from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import {
  CreateShippingProfileMutation,
  ShippingProfileCompanyQuery,
  ShippingProfileCompanySearchQuery,
  ShippingProfileProductsQuery as ProductsOperation,
  ShippingProfileQuery,
  ShippingProfilesQuery,
} from './shipping-operations.ts';

export type ShippingProfile = ShippingProfileFieldsFragment;
export type ShippingProfileProduct = ShippingProfileProductsQuery['getShippingProfileProducts'][number];

export const shippingKeys = {
  all: ['shipping-profiles'] as const,
  list: (companyId: number | null) => ['shipping-profiles', 'list', companyId] as const,
  options: ['shipping-profiles', 'options'] as const,
  profile: (id: number) => ['shipping-profiles', 'profile', id] as const,
  products: (id: number) => ['shipping-profiles', 'products', id] as const,
  company: (id: number) => ['shipping-profiles', 'company', id] as const,
  companySearch: (name: string) => ['shipping-profiles', 'company-search', name] as const,
};

/** The profiles of the user's company, or of the company an administrator picked (none before they pick). */
export function useShippingProfiles(companyId: number | null, enabled = true) {
  return useQuery({
    queryKey: shippingKeys.list(companyId),
    queryFn: async () =>
      (await gql(ShippingProfilesQuery, { companyId, associatedSubmissions: true })).getShippingProfileForCurrentUser,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useShippingProfile(id: number) {
  return useQuery({
    queryKey: shippingKeys.profile(id),
    queryFn: async () => (await gql(ShippingProfileQuery, { id })).getShippingProfile,
    retry: false,
  });
}

export function useShippingProfileProducts(id: number) {
  return useQuery({
    queryKey: shippingKeys.products(id),
    queryFn: async () => (await gql(ProductsOperation, { id })).getShippingProfileProducts,
    retry: false,
  });
}

export function useCompanyName(companyId: number | null) {
  return useQuery({
    queryKey: shippingKeys.company(companyId ?? 0),
    queryFn: async () => (await gql(ShippingProfileCompanyQuery, { companyId: companyId! })).getCompany,
    enabled: companyId != null,
    staleTime: 5 * 60_000,
  });
}

export const searchCompanies = async (name: string) =>
  (await gql(ShippingProfileCompanySearchQuery, { name })).searchCompaniesByName;

/** createShippingProfile; a duplicate name is answered by the caller (409 / CONFLICT), so no generic message for it. */
export const createShippingProfile = async (input: ShippingProfileInput, companyId: number | null) =>
  (await gql(CreateShippingProfileMutation, { input, companyId }, { notify: { 409: null } })).createShippingProfile;

/** PUT /shippingProfile/{id}: 409 (a duplicate name) and 400 (a field's rule) are said by the form itself. */
export const putShippingProfile = (id: number, input: ShippingProfileInput) =>
  apiFetch<ShippingProfile>(`/shippingProfile/${id}`, { method: 'PUT', json: input, notify: { 400: null, 409: null } });

/** POST /shippingProfile/{id}/products: a map of UPC to associated. Answers the product rows. */
export const postAssignments = (id: number, changes: Record<string, boolean>) =>
  apiFetch<ShippingProfileProduct[]>(`/shippingProfile/${id}/products`, { method: 'POST', json: changes });

/** Every list, profile and option list may have changed. */
export const shippingChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: shippingKeys.all });
