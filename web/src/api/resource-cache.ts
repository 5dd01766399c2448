import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * What every page reads before it knows who is there: the session, the feature flags, a partner's configuration,
 * the sign-in options. A few fetches that need no query library: TanStack Query (some 13 KB compressed) comes with
 * the signed-in pages only (api/query-client.tsx), so a visitor's first page does without it.
 */
export type Resource<T> =
  /** Nothing answered yet (or no key: not asked). */
  | { data: undefined; isPending: true; isError: false; isFetched: false }
  | { data: T; isPending: false; isError: false; isFetched: true }
  /** The last fetch failed (data: what an earlier one brought, if any). */
  | { data: T | undefined; isPending: false; isError: true; isFetched: true };

interface Entry {
  /** 'missing': the server said there is no such thing (404), an answer kept as long as data would be. */
  status: 'success' | 'error' | 'missing';
  data?: unknown;
  fetchedAt: number;
  /** Out of date whatever its age (invalidate). */
  invalidated?: boolean;
}

const PENDING: Resource<never> = { data: undefined, isPending: true, isError: false, isFetched: false };

export class ResourceCache {
  private entries = new Map<string, Entry>();
  private views = new Map<string, Resource<unknown>>();
  private loading = new Map<string, Promise<void>>();
  private listeners = new Map<string, Set<() => void>>();
  private fetchers = new Map<string, () => Promise<unknown>>();
  /** The signed-in pages' query cache, once they have loaded it: emptied with the session (see clearUserData). */
  queryClient: QueryClient | undefined;

  /** The key's state; the same object until it changes (a snapshot for useSyncExternalStore). */
  read<T>(key: string): Resource<T> {
    return (this.views.get(key) as Resource<T> | undefined) ?? PENDING;
  }

  /** Sets a key's data, as if the server had just answered it. */
  set<T>(key: string, data: T) {
    this.store(key, { status: 'success', data, fetchedAt: Date.now() });
  }

  /**
   * Fetches the key unless fresh data (younger than staleMs) is there or a fetch is under way. A 404 is an answer like
   * data (an unknown partner's configuration is not asked again by the next page that reads it); any other failure
   * is asked again on the next use.
   */
  load<T>(key: string, fetcher: () => Promise<T>, staleMs: number) {
    this.fetchers.set(key, fetcher);
    const entry = this.entries.get(key);
    if (
      this.loading.has(key) ||
      (entry && entry.status !== 'error' && !entry.invalidated && Date.now() - entry.fetchedAt < staleMs)
    )
      return;
    const loading = fetcher().then(
      (data) => this.store(key, { status: 'success', data, fetchedAt: Date.now() }),
      (error: unknown) =>
        this.store(key, {
          status: (error as { status?: unknown } | null)?.status === 404 ? 'missing' : 'error',
          data: entry?.data,
          fetchedAt: Date.now(),
        }),
    );
    this.loading.set(
      key,
      loading.finally(() => this.loading.delete(key)),
    );
  }

  /** The key's data is out of date: asked again now if something shows it, else when next used. */
  invalidate(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.invalidated = true;
    const fetcher = this.fetchers.get(key);
    if (fetcher && this.listeners.get(key)?.size) this.load(key, fetcher, 0);
  }

  subscribe(key: string, listener: () => void) {
    const set = this.listeners.get(key) ?? new Set();
    this.listeners.set(key, set.add(listener));
    return () => {
      set.delete(listener);
    };
  }

  /** A session ended: nothing cached for that user may reach the next one. */
  clearUserData() {
    this.queryClient?.removeQueries();
  }

  private store(key: string, entry: Entry) {
    this.entries.set(key, entry);
    this.views.set(key, { data: entry.data, isPending: false, isError: entry.status !== 'success', isFetched: true });
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}

/** Outside AppProviders (component tests) one cache for the module. */
const fallback = new ResourceCache();
export const ResourceCacheContext = createContext<ResourceCache | null>(null);
export const useResourceCache = () => useContext(ResourceCacheContext) ?? fallback;

/** The answer of `fetcher` under `key` (null: not asked), fetched on first use and again once older than staleMs. */
export function useResource<T>(key: string | null, fetcher: () => Promise<T>, staleMs: number): Resource<T> {
  const cache = useResourceCache();
  const subscribe = useCallback(
    (listener: () => void) => (key === null ? () => {} : cache.subscribe(key, listener)),
    [cache, key],
  );
  const snapshot = useCallback(() => (key === null ? PENDING : cache.read<T>(key)), [cache, key]);
  const resource = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (key !== null) cache.load(key, fetcher, staleMs);
    // The fetcher is named by its key: a new function for the same key asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, key, staleMs]);
  return resource;
}
