import { useSyncExternalStore } from 'react';
import { apiErrorMessage, sessionEnded } from '../../api/api-events.ts';

export type BannerKind = 'error' | 'success';
export interface BannerState {
  /** Distinguishes two equal messages shown one after the other. */
  id: number;
  kind: BannerKind;
  message: string;
}

let current: BannerState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(state: BannerState | null) {
  current = state;
  for (const listener of [...listeners]) listener();
}

export const showBanner = (message: string, kind: BannerKind = 'error') => set({ id: nextId++, kind, message });
export const hideBanner = () => {
  if (current) set(null);
};
export const getBanner = () => current;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useBanner = () => useSyncExternalStore(subscribe, getBanner, getBanner);

/** Generic API errors (part 1 section 8) appear in the banner. Returns the unsubscribe. */
export const connectApiErrorsToBanner = () => apiErrorMessage.subscribe((message) => showBanner(message, 'error'));

/**
 * A sign-out takes the banner with it: the landing page is not the page that raised it, though the sign-out reaches it
 * by a redirect. An expired session keeps the banner, which says just that on the way to the login.
 */
sessionEnded.subscribe((reason) => {
  if (reason === 'logout') hideBanner();
});
