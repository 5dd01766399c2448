import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCOPES, VIEW_MSG, type ReviewSavedView } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';

/** The saved views above the queue: listed with their counts, applied through the address, saved, renamed, deleted. */
describe('review queue: saved views', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let views: ReviewSavedView[] = [];
  let writes: { method: string; path: string; body: unknown }[] = [];
  let refuse: string | null = null;

  beforeEach(() => {
    views = [
      { id: 1, name: 'Over SLA', filters: 'overSla=true', count: 7 },
      { id: 2, name: 'Fresh Market', filters: 'partner=30443&sort=overSla', count: 1 },
    ];
    writes = [];
    refuse = null;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      const method = init?.method ?? 'GET';
      if (path.includes('/review/queue'))
        return jsonResponse(200, { items: [], total: 0, page: 1, size: 25, startCursor: null, endCursor: null });
      if (path.includes('/review/options'))
        return jsonResponse(200, { partners: [{ id: 30443, name: 'FRESH MARKET' }] });
      if (path.includes('/review/reviewers')) return jsonResponse(200, { reviewers: [] });
      if (path.includes('/review/views')) {
        if (method === 'GET') return jsonResponse(200, { views });
        const body = init?.body ? (JSON.parse(String(init.body)) as { name: string; filters?: string }) : undefined;
        writes.push({ method, path, body });
        if (refuse) return jsonResponse(409, { code: 'CONFLICT', message: refuse });
        if (method === 'POST') {
          const view = { id: 3, name: body!.name, filters: body!.filters!, count: 4 };
          views = [...views, view];
          return jsonResponse(201, view);
        }
        const id = Number(path.split('/').at(-1));
        if (method === 'PATCH') {
          views = views.map((v) => (v.id === id ? { ...v, name: body!.name } : v));
          return jsonResponse(
            200,
            views.find((v) => v.id === id),
          );
        }
        views = views.filter((v) => v.id !== id);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const open = (path = '/review') =>
    renderWithApp(<ReviewQueuePage />, {
      path,
      session: buildSession({
        user: buildUser({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] }),
      }),
    });
  const viewsGroup = () => screen.getByRole('group', { name: 'Saved views' });
  const viewButton = (name: string) => within(viewsGroup()).getByRole('button', { name: new RegExp(`^${name}\\s*,`) });

  it('lists my views with how many items each holds, marks the one shown, and applies one through the address', async () => {
    const { router } = open('/review?overSla=true&size=50');
    await waitFor(() => viewButton('Over SLA'));
    expect(viewButton('Over SLA').textContent).toContain('7');
    expect(viewButton('Over SLA').textContent).toMatch(/7 items/);
    expect(viewButton('Over SLA').getAttribute('aria-pressed')).toBe('true');
    expect(viewButton('Fresh Market').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(viewButton('Fresh Market'));
    // Its filters replace the others; the page size stays the reviewer's.
    await waitFor(() => expect(router.state.location.search).toBe('?partner=30443&sort=overSla&size=50'));
    await waitFor(() => expect(viewButton('Fresh Market').getAttribute('aria-pressed')).toBe('true'));
  });

  it("saves the queue's current filters under a name, and says a name already used before sending it", async () => {
    open('/review?partner=30443&olderThan=24&page=2');
    await waitFor(() => viewButton('Over SLA'));
    fireEvent.click(screen.getByRole('button', { name: 'Save view…' }));
    const name = await screen.findByLabelText('Name of the view');
    fireEvent.change(name, { target: { value: ' over sla ' } });
    expect(await screen.findByText(VIEW_MSG.nameTaken('over sla'))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save view' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(name, { target: { value: 'Fresh Market, a day old' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => viewButton('Fresh Market, a day old'));
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/review/views',
        body: { name: 'Fresh Market, a day old', filters: 'partner=30443&olderThan=24' },
      },
    ]);
  });

  it("shows the server's refusal beside the name", async () => {
    open();
    await waitFor(() => viewButton('Over SLA'));
    fireEvent.click(screen.getByRole('button', { name: 'Save view…' }));
    refuse = VIEW_MSG.tooMany;
    fireEvent.change(await screen.findByLabelText('Name of the view'), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText(VIEW_MSG.tooMany)).toBeTruthy();
  });

  it('renames and deletes a view from its menu', async () => {
    open();
    await waitFor(() => viewButton('Over SLA'));
    fireEvent.click(screen.getByRole('button', { name: 'Rename or delete the view Over SLA' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const name = await screen.findByLabelText('Name of the view');
    expect((name as HTMLInputElement).value).toBe('Over SLA');
    fireEvent.change(name, { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => viewButton('Late'));
    expect(writes.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/review/views/1', body: { name: 'Late' } });

    fireEvent.click(screen.getByRole('button', { name: 'Rename or delete the view Fresh Market' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(within(viewsGroup()).queryByRole('button', { name: /^Fresh Market\s*,/ })).toBeNull());
    expect(writes.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/review/views/2' });
  });
});
