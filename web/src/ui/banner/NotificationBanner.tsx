import { useEffect, useRef, type KeyboardEvent } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { CloseButton, Group, Paper, Text, Transition } from '@mantine/core';
import { BANNER_TRANSITION_MS } from '@portal/domain';
import { clearPageToasts } from '../toast.ts';
import { hideBanner, useBanner, type BannerState } from './banner-store.ts';
import classes from './NotificationBanner.module.css';

/**
 * The dismissible banner of part 2 section 2.9: Escape anywhere or Enter/Space on
 * its close control dismisses it, and it clears when the route changes (with the page's error and warning toasts).
 */
export function NotificationBanner() {
  const banner = useBanner();
  // Keeps the text on screen while the fade-out runs.
  const lastShown = useRef<BannerState | null>(banner);
  if (banner) lastShown.current = banner;

  useClearOnRouteChange();

  useEffect(() => {
    if (!banner) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') hideBanner();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [banner]);

  const onCloseKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      hideBanner();
    }
  };

  const shown = lastShown.current;
  return (
    <Transition mounted={!!banner} transition="fade" duration={BANNER_TRANSITION_MS} keepMounted={false}>
      {(styles) =>
        shown ? (
          <Paper
            style={styles}
            className={classes.banner}
            data-kind={shown.kind}
            role={shown.kind === 'error' ? 'alert' : 'status'}
            withBorder
            p="sm"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text>{shown.message}</Text>
              <CloseButton aria-label="Dismiss notification" onClick={hideBanner} onKeyDown={onCloseKeyDown} />
            </Group>
          </Paper>
        ) : (
          <></>
        )
      }
    </Transition>
  );
}

/**
 * The path the last banner saw. Shared by all banners: a page with its own layout (login, reset,
 * shell) mounts a new banner, and moving there must still clear the previous page's message.
 */
let lastSeenPath: string | null = null;

/** The page's messages go with it: the banner and its error and warning toasts (part 1 section 4). */
function leavePage() {
  hideBanner();
  clearPageToasts();
}

function useClearOnRouteChange() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === null) {
      // A banner the new page brought. An error raised while this page loaded stays visible, and so
      // does one that a redirect (REPLACE) carried here, e.g. "session expired" on the way to login.
      if (lastSeenPath !== null && lastSeenPath !== pathname && navigationType !== NavigationType.Replace) leavePage();
    } else if (previous.current !== pathname) {
      leavePage();
    }
    previous.current = pathname;
    lastSeenPath = pathname;
  }, [pathname, navigationType]);
}
