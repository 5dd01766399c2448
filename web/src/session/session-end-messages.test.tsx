import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { MSG } from '@portal/domain';
import { notAuthorized } from '../api/api-events.ts';
import { ResourceCache, ResourceCacheContext } from '../api/resource-cache.ts';
import { buildUser, jsonResponse } from '../test/fixtures.ts';
import { getBanner, hideBanner, showBanner } from '../ui/banner/banner-store.ts';
import { toast } from '../ui/toast.ts';
import { SessionProvider, useSession, type Session } from './session-context.tsx';

let session: Session | null = null;
function Probe() {
  session = useSession();
  return <p>{session.status}</p>;
}

/** The real session over a stubbed server with one signed-in user. */
async function signedIn() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user?optional=true') return jsonResponse(200, buildUser());
      if (url === '/api/feature-flags/enabled') return jsonResponse(200, []);
      return jsonResponse(200, {});
    }),
  );
  render(
    <ResourceCacheContext.Provider value={new ResourceCache()}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </ResourceCacheContext.Provider>,
  );
  await screen.findByText('authenticated');
}

const toasts = () => notificationsStore.getState().notifications.map((n) => String(n.message));

describe('messages at the end of a session', () => {
  afterEach(() => {
    act(() => {
      hideBanner();
      cleanNotifications();
    });
    vi.unstubAllGlobals();
    session = null;
  });

  it('a sign-out leaves no banner and no toast behind, successes included', async () => {
    await signedIn();
    act(() => {
      showBanner(MSG.oldPasswordWrong);
      toast.error('Please add a shipping profile for the product with upc 0070177154080');
      toast.success('Item has been accepted.');
    });
    expect(toasts()).toHaveLength(2);

    await act(() => session!.signOut());
    await screen.findByText('unauthenticated');
    expect(getBanner()).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('an expired session keeps the banner that says so, and takes the toasts', async () => {
    await signedIn();
    act(() => {
      toast.warning('Check the photo');
      showBanner(MSG.sessionExpired);
    });
    act(() => notAuthorized.emit());
    await waitFor(() => expect(screen.getByText('unauthenticated')).toBeTruthy());
    expect(getBanner()?.message).toBe(MSG.sessionExpired);
    expect(toasts()).toEqual([]);
  });
});
