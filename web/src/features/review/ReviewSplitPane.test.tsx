import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCOPES, type ReviewQueueItem } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { buildQueueItem } from './queue-item.test-helper.ts';
import { ReviewSplitPane, SPLIT_PANE_LABEL, SPLIT_VIEW_SHORTCUTS, splitViewSetting } from './ReviewSplitPane.tsx';

/** The screen's width as the split view asks it: wide (1280 px and more) unless a test says otherwise. */
const useMediaQuery = vi.hoisted(() => vi.fn(() => true));
vi.mock('@mantine/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@mantine/hooks')>()),
  useMediaQuery,
}));

const USER_ID = 7;
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const item = (n: number): ReviewQueueItem =>
  buildQueueItem({ id: ID(n), upc: `400638133393${n}`, productName: `Oats ${n}` });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  useMediaQuery.mockReturnValue(true);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.includes('/review/queue')) {
      const items = [1, 2, 3].map(item);
      return jsonResponse(200, { items, total: 3, page: 1, size: 25, startCursor: null, endCursor: null });
    }
    if (path.includes('/review/views')) return jsonResponse(200, { views: [] });
    if (path.includes('/review/options')) return jsonResponse(200, { partners: [] });
    if (path.includes('/review/reviewers')) return jsonResponse(200, { reviewers: [] });
    // The item itself (detail, context, claim) is not the subject here: it stays loading.
    return new Promise<Response>(() => {});
  });
});
afterEach(() => {
  // Unmounted first: the pane lets its claim go on the way out, still to the fake server.
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const openQueue = (path = '/review') =>
  renderWithApp(<ReviewQueuePage />, {
    path,
    session: buildSession({
      user: buildUser({ id: USER_ID, scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] }),
    }),
  });
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);
const rowOf = (n: number) => document.querySelector(`[data-queue-row="${ID(n)}"]`)!;

describe('review queue split view', () => {
  it('is a labelled region that asks for an item while none is selected', () => {
    renderWithApp(<ReviewSplitPane id={null} search="" onOpen={() => {}} />);
    const pane = screen.getByRole('region', { name: SPLIT_PANE_LABEL });
    expect(within(pane).getByText(/Choose an item in the list/)).toBeTruthy();
  });

  it('lists the list keys and the workspace keys once each', () => {
    const keys = SPLIT_VIEW_SHORTCUTS.map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['J / K', 'X', 'A', 'R', 'C', 'M', 'Z', '?']));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('J');
  });

  it('keeps the choice per user, on unless switched off', () => {
    expect(splitViewSetting.get(USER_ID)).toBe(true);
    splitViewSetting.set(USER_ID, false);
    expect(splitViewSetting.get(USER_ID)).toBe(false);
    expect(splitViewSetting.get(USER_ID + 1)).toBe(true);
  });

  it('J selects the next item for the pane: the address names it, its row is the current one and keeps the focus', async () => {
    const { router } = openQueue();
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(screen.getByRole('region', { name: SPLIT_PANE_LABEL })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(search(router).get('item')).toBe(ID(1)));
    expect(rowOf(1).getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(rowOf(1).querySelector('a'));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(search(router).get('item')).toBe(ID(2)));
    expect(rowOf(2).getAttribute('aria-current')).toBe('true');
    expect(rowOf(1).getAttribute('aria-current')).toBeNull();
    // A row's link selects its item for the pane rather than leaving the queue.
    expect(rowOf(3).querySelector('a')!.getAttribute('href')).toBe(`/review?item=${ID(3)}`);
  });

  it('X and Shift+X select as in the full list while J moves the pane', async () => {
    openQueue();
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rowOf(1).getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(window, { key: 'x' });
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rowOf(3).getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(window, { key: 'X', shiftKey: true });
    await waitFor(() => expect(screen.getByText('3 selected')).toBeTruthy());
  });

  it('a reload keeps the selected item: the cursor is on its row, and K moves up from there', async () => {
    const { router } = openQueue(`/review?item=${ID(3)}`);
    await waitFor(() => expect(rowOf(3).getAttribute('aria-current')).toBe('true'));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(search(router).get('item')).toBe(ID(2)));
  });

  it('the switch turns the split off and is remembered; narrow screens have neither pane nor switch', async () => {
    const first = openQueue();
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    fireEvent.click(screen.getByRole('switch', { name: /Split view/ }));
    expect(screen.queryByRole('region', { name: SPLIT_PANE_LABEL })).toBeNull();
    expect(splitViewSetting.get(USER_ID)).toBe(false);
    // The full list: the row's link opens the item's page.
    expect(rowOf(1).querySelector('a')!.getAttribute('href')).toBe(`/review/${ID(1)}`);
    first.unmount();

    splitViewSetting.set(USER_ID, true);
    useMediaQuery.mockReturnValue(false);
    openQueue();
    await waitFor(() => expect(rowOf(1)).toBeTruthy());
    expect(screen.queryByRole('region', { name: SPLIT_PANE_LABEL })).toBeNull();
    expect(screen.queryByRole('switch', { name: /Split view/ })).toBeNull();
    expect(rowOf(1).querySelector('a')!.getAttribute('href')).toBe(`/review/${ID(1)}`);
  });
});
