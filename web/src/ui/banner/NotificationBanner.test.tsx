import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
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
});
