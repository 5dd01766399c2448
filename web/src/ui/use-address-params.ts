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
 * the ones asked for: a ticked box shows its tick at once, not when the page has rendered the new address. Several
 * changes in a row (J pressed three times on the review queue) arrive one by one; the last one asked for stays shown
 * while the earlier ones render, so the page never steps back to one of them.
 */
export function useAddressParams(): [URLSearchParams, (change: AddressChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const rendered = params.toString();
  // The changes asked for and not rendered yet, oldest first, and the navigation they were asked on top of.
  const [asked, setAsked] = useState<{ from: string; searches: string[] }>({ from: key, searches: [] });
  // A navigation arrived. One of ours: the ones asked after it are still on their way (several changes in a row, J
  // pressed three times, arrive one by one), so they stay shown. Another (Back): it starts afresh.
  let waiting = asked;
  if (asked.from !== key) {
    const i = asked.searches.lastIndexOf(rendered);
    waiting = { from: key, searches: i >= 0 ? asked.searches.slice(i + 1) : [] };
    setAsked(waiting);
  }
  const last = waiting.searches.at(-1);
  // What the next change builds on: the last change asked for, or the address.
  const latest = useRef(rendered);
  latest.current = last ?? rendered;
  const update = useCallback(
    (change: AddressChange, options?: NavigateOptions) => {
      const next = applied(new URLSearchParams(latest.current), change);
      latest.current = next.toString();
      const search = latest.current;
      setAsked((a) => ({ from: a.from, searches: [...a.searches, search] }));
      setParams(next, options);
    },
    [setParams, setAsked],
  );
  const shown = useMemo(() => (last === undefined ? params : new URLSearchParams(last)), [last, params]);
  return [shown, update];
}
