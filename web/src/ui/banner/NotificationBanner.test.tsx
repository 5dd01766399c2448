import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../toast.ts';
import { hideBanner, showBanner } from './banner-store.ts';
import { NotificationBanner } from './NotificationBanner.tsx';

describe('NotificationBanner', () => {
  afterEach(() => act(() => hideBanner()));

  const renderBanner = () => {
    const view = renderWithApp(<NotificationBanner />, { path: '/activity' });
    act(() => showBanner('Something went wrong'));
    return view;
  };

  it('shows an error as an alert with a keyboard-reachable close control', () => {
    renderBanner();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    const close = screen.getByRole('button', { name: 'Dismiss notification' });
    close.focus();
    expect(document.activeElement).toBe(close);
  });

  it('is dismissed by Escape anywhere on the page', () => {
    renderBanner();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is dismissed by Enter on its close control', () => {
    renderBanner();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: 'Enter' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is dismissed by Space on its close control', () => {
    renderBanner();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: ' ' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores other keys', () => {
    renderBanner();
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: 'Tab' });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows a success as a status and clears on route change', async () => {
    const { router } = renderWithApp(<NotificationBanner />, { path: '/account/information' });
    act(() => showBanner('Saved', 'success'));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    await act(() => router.navigate('/activity'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("takes the page's error and warning toasts with it on a route change, and lets a success stay its time", async () => {
    const { router } = renderWithApp(<NotificationBanner />, { path: '/upload/draft/d1/designate_upc' });
    const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));
    act(() => cleanNotifications()); // the store is the app's one: what an earlier test left is not this page's
    try {
      act(() => {
        toast.error('Please indicate which picture(s) we should use as the marketing image(s)');
        toast.warning('Check the photo');
        toast.success('Item has been accepted.');
      });
      expect(shown()).toHaveLength(3);
      // The submit that succeeds replaces the draft's page with its confirmation.
      await act(() => router.navigate('/upload/draft/d1/confirmation', { replace: true }));
      expect(shown()).toEqual(['Item has been accepted.']);
    } finally {
      act(() => cleanNotifications());
    }
  });

  // Pages with their own layout (login, reset, shell) each mount their own banner.
  const twoLayouts = () =>
    renderWithApp(<ResetPage />, {
      path: '/reset-password',
      routes: [{ path: '/login', element: <LoginPage /> }],
    });

  it('clears when the user moves to a page that brings its own banner', async () => {
    const { router } = twoLayouts();
    act(() => showBanner('Something went wrong'));
    expect(screen.getByRole('alert')).toBeTruthy();
    await act(() => router.navigate('/login'));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a message that a redirect carries to another page', async () => {
    const { router } = twoLayouts();
    act(() => showBanner('Your session has expired.'));
    await act(() => router.navigate('/login', { replace: true }));
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Your session has expired.');
  });
});

function ResetPage() {
  return (
    <main>
      <h1>Reset</h1>
      <NotificationBanner />
    </main>
  );
}

function LoginPage() {
  return (
    <main>
      <h1>Login</h1>
      <NotificationBanner />
    </main>
  );
}
