import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';
import React from 'react';
import { hideBanner } from '../ui/banner/banner-store.ts';

// happy-dom lacks some layout APIs Mantine asks for; inert stand-ins are enough for tests.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// Mantine's autosizing Textarea resizes when fonts finish loading; happy-dom has no font set to listen on.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

// happy-dom really sends a beacon, to its default origin (localhost:3000) where nothing listens, and logs the refused
// connection when a page under test reports an analytics event: here beacons go nowhere. analytics.test.ts puts its
// own in place to look at what is sent.
Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true, writable: true });

// Pages load lazily (router.tsx): the first render of a page waits for its module, which Vitest transforms on
// first import; on a busy machine that takes longer than Testing Library's default second. The limit only stops a
// wait that will never end: a test that passes waits for its condition, not for the limit.
configure({ asyncUtilTimeout: 90_000 });

// React's development build records where each element was created (an Error with its stack and a console task, up
// to ten thousand a second) so that its warnings can point at the owner's source line. On the long forms here that was
// a large share of every render, and no test reads those stacks: once the counter reads as past its limit, React gives
// each element its stand-in "unknown owner" stack. Warnings still name the components (e.g. "Check the render method
// of `List`"); set REACT_OWNER_STACKS=1 to have the creation stacks back while looking into one.
if (!process.env.REACT_OWNER_STACKS) {
  const internals = (React as unknown as Record<string, object | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals)
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      get: () => Number.POSITIVE_INFINITY,
      set: () => {},
      configurable: true,
    });
}

// In case the simulated DOM has no scrollIntoView: the pages call it.
if (!('scrollIntoView' in window.HTMLElement.prototype))
  Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { value() {}, writable: true });

// The toasts and the banner live in module-level stores, which the next file shares (the files share their worker's
// modules): each test starts without what an earlier one showed.
afterEach(() => {
  cleanup();
  cleanNotifications();
  hideBanner();
  sessionStorage.clear();
});
