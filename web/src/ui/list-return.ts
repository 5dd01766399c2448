import { useLocation } from 'react-router';

/**
 * Router state a list gives the links to its items: the list's own address, filter and page included, so the item's
 * Back link returns to the same view rather than to the list's first unfiltered page.
 */
export interface ListReturnState {
  returnTo: string;
}

/**
 * The state for links from the list now shown. `shown`: the search parameters the list shows
 * (`useAddressParams`): right after a filter changes, the router may not have rendered the new address yet, and an
 * item opened then must still return to the filtered list.
 */
export function useListReturnState(shown?: URLSearchParams): ListReturnState {
  const { pathname, search } = useLocation();
  const query = shown ? shown.toString() : search.replace(/^\?/, '');
  return { returnTo: query ? `${pathname}?${query}` : pathname };
}

/** Where Back goes: the list the item was opened from (an address in this app), or null when it was opened directly. */
export function useListReturnPath(): string | null {
  const state: unknown = useLocation().state;
  const to = state && typeof state === 'object' && 'returnTo' in state ? state.returnTo : null;
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}
