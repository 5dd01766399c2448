import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/** Keys to set, or to remove (null or empty). */
export type AddressChanges = Record<string, string | null>;
export type AddressChange = AddressChanges | ((current: URLSearchParams) => URLSearchParams);

const applied = (current: URLSearchParams, change: AddressChange) => {
  if (typeof change === 'function') return change(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === '') current.delete(key);
    else current.set(key, value);
  }
  return current;
};

/**
 * The address's search parameters, with a setter that builds each change on the address the previous change left.
 * The router renders a navigation in a transition, so on a busy browser a second change (a filter typed right after a
 * box was ticked) can come before the page renders again; the router's own setter then starts from the parameters
 * of the last render and silently drops the first change. Until the navigation renders, the parameters returned are
 * the ones asked for: a ticked box shows its tick at once, not when the page has rendered the new address.
 */
export function useAddressParams(): [URLSearchParams, (change: AddressChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  // A navigation that arrived (ours once rendered, or Back) resets what the next change builds on.
  const latest = useRef({ key, search: params.toString() });
  if (latest.current.key !== key) latest.current = { key, search: params.toString() };
  // What was asked for on top of the address rendered as `from`, shown until a navigation (any) renders.
  const [asked, setAsked] = useState<{ from: string; search: string } | null>(null);
  const update = useCallback(
    (change: AddressChange, options?: NavigateOptions) => {
      const next = applied(new URLSearchParams(latest.current.search), change);
      latest.current = { ...latest.current, search: next.toString() };
      setAsked({ from: latest.current.key, search: latest.current.search });
      setParams(next, options);
    },
    [setParams],
  );
  const pending = asked?.from === key ? asked.search : null;
  const shown = useMemo(() => (pending === null ? params : new URLSearchParams(pending)), [pending, params]);
  return [shown, update];
}
