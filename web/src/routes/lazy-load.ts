import { lazy, type ComponentType } from 'react';

const RELOAD_KEY = 'portal:reloaded-for-missing-code';
/** A second failure this soon after the reload is not a deploy: show the error instead of reloading again. */
const RELOAD_GUARD_MS = 30_000;

/** The browsers' ways of saying a code file could not be fetched (Chromium, Firefox, Safari, Vite's CSS preload). */
const MISSING_CODE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isMissingCodeError = (error: unknown) => error instanceof Error && MISSING_CODE.test(error.message);

/**
 * After a deploy, a tab opened before it asks for code files the server may no longer have: reloading the page
 * once brings the new index.html and its files. Returns false (do not reload) right after such a reload: then the
 * network or the server is at fault, and the user is told.
 */
export function reloadOnceForMissingCode(): boolean {
  const at = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - at < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * A route's `lazy`: the page's module is fetched when the route is first matched, in parallel with the session.
 * A failure reaches the route's error boundary (PageLoadError) once the URL is the new page's, so a reload lands there.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * React.lazy for a component that a route chooses at render time (by session or partner), with `preload()`
 * to start fetching it before it is needed (while the session is still being read).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the route renders whichever page it chose, as React.lazy's own signature allows
export function lazyComponent<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
) {
  let loading: Promise<{ default: M[K] }> | undefined;
  const loadOnce = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(loadOnce), { preload: () => void loadOnce().catch(() => {}) });
}
