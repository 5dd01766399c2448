/** A choice of the shipping profile selector of upload step 2. */
export interface ShippingProfileOption {
  value: string;
  label: string;
}

const NONE: ShippingProfileOption[] = [];

/**
 * The signed-in user's shipping profiles for the selector of upload step 2. None exist yet: the shipping-profiles
 * area (part 2) fills this from getShippingProfileForCurrentUser; until then the selector shows its empty note.
 */
export function useShippingProfileOptions(): ShippingProfileOption[] {
  return NONE;
}
