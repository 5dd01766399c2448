import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isAnyAdmin } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import { useSession } from '../../session/session-context.tsx';
import { shippingKeys } from '../shipping-profiles/shipping-api.ts';
import { ShippingProfileOptionsQuery } from '../shipping-profiles/shipping-operations.ts';

/** A choice of the shipping profile selector of upload step 2 and of the catalogued product. */
export interface ShippingProfileOption {
  value: string;
  label: string;
}

const NONE: ShippingProfileOption[] = [];

/**
 * The signed-in user's company's shipping profiles (getShippingProfileForCurrentUser), for the selectors that
 * suppliers see with SHIPPING_PROFILE on; nothing is asked for otherwise.
 */
export function useShippingProfileOptions(): ShippingProfileOption[] {
  const { user, hasFlag } = useSession();
  const enabled = !!user && !isAnyAdmin(user) && hasFlag('SHIPPING_PROFILE');
  const query = useQuery({
    queryKey: shippingKeys.options,
    queryFn: async () => (await gql(ShippingProfileOptionsQuery)).getShippingProfileForCurrentUser ?? [],
    enabled,
    staleTime: 30_000,
  });
  const data = enabled ? query.data : undefined;
  return useMemo(() => (data ? data.map((p) => ({ value: String(p.id), label: p.name })) : NONE), [data]);
}
