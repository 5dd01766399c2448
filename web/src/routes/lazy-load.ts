import { lazy, type ComponentType } from 'react';

const RELOAD_KEY = 'portal:reloaded-for-missing-code';
/** A second failure this soon after the reload is not a deploy: show the error instead of reloading again. */
const RELOAD_GUARD_MS = 30_000;

function reloadedRecently() {
  const at = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  return Date.now() - at < RELOAD_GUARD_MS;
}

/**
 * A dynamic import that survives a deploy: a tab opened before it asks for code files the server may no longer
 * have; reloading the page once brings the new index.html and its files. A failure right after that reload
 * (the network is down, the server is broken) is thrown to the route's error screen.
 */
export async function importOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (reloadedRecently()) throw error;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
    // Nothing to render until the page is replaced.
    return new Promise<M>(() => {});
  }
}

/** A route's `lazy`: the page's module is loaded when the route is first matched, in parallel with its data. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await importOrReload(load))[name] });
}

/**
 * React.lazy for a component that a route chooses at render time (by session or partner), with `preload()`
 * to start fetching it before it is needed (while the session is still being read).
 */
export function lazyComponent<K extends string, M extends Record<K, ComponentType<any>>>(load: () => Promise<M>, name: K) {
  let loading: Promise<{ default: M[K] }> | undefined;
  const loadOnce = () => (loading ??= importOrReload(load).then((module) => ({ default: module[name] })));
  return Object.assign(lazy(loadOnce), { preload: () => void loadOnce() });
}
