import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APPROVAL_MSG, SCOPES, UNDO_MSG, type ReviewDecisionOutcome, type ReviewQueueItem } from '@portal/domain';
import { apiErrorMessage } from '../../api/api-events.ts';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { buildQueueItem } from './queue-item.test-helper.ts';
import { undoStore } from './undo-store.ts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const UPCS = ['036000291452', '4006381333931', '0012345678905'];
/** The UPC as the queue shows it (and names its checkbox). */
const displayOf = (n: number) => ['0036000291452', '4006381333931', '0012345678905'][n - 1];

function item(n: number): ReviewQueueItem {
  return buildQueueItem({
    id: ID(n),
    upc: UPCS[n - 1],
    productName: `Oats ${n}`,
    // The first fails many rules: its cell stays one line.
    readiness:
      n === 1
        ? {
            percent: 18,
            ready: false,
            version: 1,
            failing: Array.from({ length: 6 }, (_, i) => ({
              code: `R-RULE-${i + 1}`,
              severity: 'blocking' as const,
              message: `Rule ${i + 1}.`,
              fix: 'f',
              fileNames: [],
            })),
          }
        : null,
    detectedUpcs: n === 2 ? ['0012345678905'] : [],
    upcMismatch: n === 2,
  });
}

const outcome = (n: number, o: Partial<ReviewDecisionOutcome>): ReviewDecisionOutcome => ({
  id: ID(n),
  outcome: 'accepted',
  itemStatus: 'ACCEPTED',
  decidedBy: null,
  decidedByYou: false,
  message: null,
  ...o,
});

describe('review queue: the outcome of a bulk decision', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let queueReads = 0;
  let decisions: unknown[] = [];
  let undos: unknown[] = [];
  let undoRefusal: string | null = null;
  let answer: ReviewDecisionOutcome[] = [];

  beforeEach(() => {
    queueReads = 0;
    decisions = [];
    undos = [];
    undoRefusal = null;
    undoStore.clear();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (path.includes('/review/queue')) {
        queueReads++;
        const items = [1, 2, 3].map(item);
        return jsonResponse(200, { items, total: items.length, page: 1, size: 25, startCursor: null, endCursor: null });
      }
      if (path.includes('/review/options')) return jsonResponse(200, { partners: [] });
      if (path.includes('/review/reviewers')) return jsonResponse(200, { reviewers: [] });
      if (path.includes('/review/views')) return jsonResponse(200, { views: [] });
      if (path.includes('/review/decisions/undo')) {
        undos.push(JSON.parse(String(init?.body)));
        if (undoRefusal) return jsonResponse(409, { code: 'UNDO_TOO_LATE', message: undoRefusal });
        const body = undos.at(-1) as { decisions: { id: string }[] };
        const results = body.decisions.map((d) => ({
          id: d.id,
          outcome: 'undone',
          itemStatus: 'SUBMITTED',
          message: null,
        }));
        return jsonResponse(200, { results });
      }
      if (path.includes('/review/decisions')) {
        decisions.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { results: answer });
      }
      return jsonResponse(200, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const open = () =>
    renderWithApp(<ReviewQueuePage />, {
      path: '/review',
      session: buildSession({
        user: buildUser({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] }),
      }),
    });
  const checkbox = (upc: string) => screen.getByRole('checkbox', { name: `Select ${upc}` }) as HTMLInputElement;
  /** Opens the queue, selects its first two items and accepts them, confirming the count. */
  const acceptTheFirstTwo = async () => {
    open();
    await waitFor(() => checkbox('0036000291452'));
    fireEvent.click(checkbox('0036000291452'));
    fireEvent.click(checkbox('4006381333931'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept 2 items' }));
  };

  it('says what happened to each item in the status region, names the failed one with why, keeps it selected and refreshes the queue', async () => {
    answer = [
      outcome(1, {}),
      outcome(2, { outcome: 'already_decided', decidedBy: 'you', decidedByYou: true }),
      outcome(3, { outcome: 'failed', itemStatus: 'SUBMITTED', message: 'The database did not answer for this item.' }),
    ];
    open();
    await waitFor(() => checkbox('0036000291452'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every item on this page' }));
    const readsBefore = queueReads;
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    // The count is confirmed first: nothing is decided until then.
    const confirm = await screen.findByRole('dialog', { name: 'Accept 3 items?' });
    expect(decisions).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Accept 3 items' }));

    const result = await screen.findByRole('group', { name: 'Result of the decision' });
    expect(result.closest('[role="status"]')).not.toBeNull();
    expect(within(result).getByText('1 accepted, 1 already decided by you, 1 failed.')).toBeTruthy();
    const failed = within(result).getByRole('list', { name: 'Items that failed' });
    expect(failed.textContent).toBe('0012345678905: The database did not answer for this item.');
    const before = within(result).getByRole('list', { name: 'Items decided before' });
    expect(before.textContent).toBe('4006381333931: Accepted by you');
    expect(decisions).toEqual([{ ids: [ID(1), ID(2), ID(3)], decision: 'accept' }]);

    // Only the failed item stays selected: one more click tries it again.
    expect(checkbox('0012345678905').checked).toBe(true);
    expect(checkbox('0036000291452').checked).toBe(false);
    expect(checkbox('4006381333931').checked).toBe(false);
    expect(screen.getByText('1 selected')).toBeTruthy();
    await waitFor(() => expect(queueReads).toBeGreaterThan(readsBefore));

    answer = [outcome(3, {})];
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept 1 item' }));
    await waitFor(() => expect(screen.getByText('1 accepted.')).toBeTruthy());
    expect(decisions[1]).toEqual({ ids: [ID(3)], decision: 'accept' });
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('a readiness cell is compact: the score and the top failing rule, every rule on hover', async () => {
    open();
    const cell = await screen.findByText('18% · R-RULE-1 +5');
    expect(cell.getAttribute('title')?.split('\n')).toHaveLength(6);
    expect(screen.queryByText(/R-RULE-2, R-RULE-3/)).toBeNull();
  });

  it('a bulk accept asks "Accept 2 items?" first; Cancel decides nothing', async () => {
    open();
    await waitFor(() => checkbox('0036000291452'));
    fireEvent.click(checkbox('0036000291452'));
    fireEvent.click(checkbox('4006381333931'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept 2 items?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decisions).toEqual([]);
    expect(screen.getByText('2 selected')).toBeTruthy();
  });

  it('offers Undo (Z) after a bulk decision, and Z takes every item back', async () => {
    answer = [outcome(1, { undo: { key: ID(7), seconds: 10 } }), outcome(2, { undo: { key: ID(8), seconds: 10 } })];
    await acceptTheFirstTwo();
    const toast = await screen.findByRole('status', { name: 'Last decision' });
    expect(within(toast).getByText('2 accepted.')).toBeTruthy();
    expect(within(toast).getByRole('button', { name: /Undo/ })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'z' });
    await waitFor(() => expect(undos).toHaveLength(1));
    expect(undos[0]).toEqual({
      decisions: [
        { id: ID(1), key: ID(7) },
        { id: ID(2), key: ID(8) },
      ],
    });
    expect(await within(toast).findByText(/^Undone: the 2 items wait for review again/)).toBeTruthy();
  });

  it('says why an undo was refused (too late) in the toast, not that the server failed', async () => {
    answer = [outcome(1, { undo: { key: ID(7), seconds: 10 } }), outcome(2, { undo: { key: ID(8), seconds: 10 } })];
    undoRefusal = UNDO_MSG.tooLate;
    const alerts: string[] = [];
    const stop = apiErrorMessage.subscribe((message) => alerts.push(message));
    await acceptTheFirstTwo();
    const toast = await screen.findByRole('status', { name: 'Last decision' });
    fireEvent.keyDown(window, { key: 'z' });
    expect(await within(toast).findByText(UNDO_MSG.tooLate)).toBeTruthy();
    expect(within(toast).queryByRole('button', { name: /Undo/ })).toBeNull();
    expect(alerts).toEqual([]);
    stop();
  });

  it('names who decided an item first when it was someone else', async () => {
    answer = [
      outcome(1, { outcome: 'rejected', itemStatus: 'ADMIN_REJECTED' }),
      outcome(2, { outcome: 'already_decided', itemStatus: 'ACCEPTED', decidedBy: 'Rita Reviewer' }),
    ];
    await acceptTheFirstTwo();
    const result = await screen.findByRole('group', { name: 'Result of the decision' });
    expect(within(result).getByText('1 rejected, 1 already decided by someone else.')).toBeTruthy();
    expect(within(result).getByRole('list', { name: 'Items decided before' }).textContent).toBe(
      '4006381333931: Accepted by Rita Reviewer',
    );
    expect(within(result).queryByRole('list', { name: 'Items that failed' })).toBeNull();
  });

  it('keeps both of two filters set before the page renders again (a busy browser)', async () => {
    const { router } = open();
    await waitFor(() => checkbox('0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: /^More filters/ }));
    // One act: the address moves twice before React renders the first change.
    act(() => {
      fireEvent.click(screen.getByLabelText(/Not ready only/));
      fireEvent.change(screen.getByLabelText('Fails rule'), { target: { value: 'R-IMG-MIN-2' } });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect([search.get('notReady'), search.get('rule')]).toEqual(['true', 'R-IMG-MIN-2']);
    });
    expect((screen.getByLabelText(/Not ready only/) as HTMLInputElement).checked).toBe(true);
  });

  it('is driven from the keyboard: J moves, X and Shift+X select, / goes to the search, ? lists the keys', async () => {
    open();
    await waitFor(() => checkbox('0036000291452'));
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'x' });
    expect(checkbox('0036000291452').checked).toBe(true);
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'X', shiftKey: true });
    expect([1, 2, 3].map((n) => checkbox(displayOf(n)).checked)).toEqual([true, true, true]);
    expect(screen.getByText('3 selected')).toBeTruthy();
    fireEvent.keyDown(window, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search' }));
    // Typing in the search is typing: J is a letter there.
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(screen.getByText('3 selected')).toBeTruthy();
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(window, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('flags are whole badges with their full text: the UPC mismatch names the codes on the photos', async () => {
    open();
    const flag = await screen.findByLabelText('UPC mismatch: Photos show 0012345678905');
    expect(flag.textContent).toBe('UPC mismatch');
    expect(flag.getAttribute('tabindex')).toBe('0');
  });

  it('marks an item whose decision waits for a second approval, and filters the queue to those', async () => {
    const waiting = item(3);
    waiting.pendingDecision = {
      decision: 'reject',
      reason: 'Blurred.',
      reasonCode: null,
      commentCount: 0,
      proposedBy: { userId: 3, name: 'Riley Reviewer' },
      proposedAt: '2026-11-20T10:00:00.000Z',
      mine: false,
    };
    const asked: string[] = [];
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/review/queue')) {
        asked.push(path);
        return jsonResponse(200, { items: [waiting], total: 1, page: 1, size: 25, startCursor: null, endCursor: null });
      }
      if (path.includes('/review/options')) return jsonResponse(200, { partners: [] });
      if (path.includes('/review/reviewers')) return jsonResponse(200, { reviewers: [] });
      if (path.includes('/review/views')) return jsonResponse(200, { views: [] });
      return jsonResponse(200, {});
    });
    open();
    const flag = await screen.findByLabelText(
      `Reject: 2nd approval: ${APPROVAL_MSG.waitingLabel}: rejected by Riley Reviewer`,
    );
    expect(flag.textContent).toBe('Reject: 2nd approval');
    fireEvent.click(screen.getByRole('checkbox', { name: APPROVAL_MSG.waitingLabel }));
    await waitFor(() => expect(asked.at(-1)).toContain('approval=true'));
  });

  it("marks an item over its partner's SLA beside its age, and sorts the over-SLA items first", async () => {
    const late = { ...item(1), slaHours: 24, overSla: true };
    const asked: string[] = [];
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/review/queue')) {
        asked.push(path);
        return jsonResponse(200, {
          items: [late, item(2)],
          total: 2,
          page: 1,
          size: 25,
          startCursor: null,
          endCursor: null,
        });
      }
      if (path.includes('/review/options')) return jsonResponse(200, { partners: [] });
      if (path.includes('/review/reviewers')) return jsonResponse(200, { reviewers: [] });
      if (path.includes('/review/views')) return jsonResponse(200, { views: [] });
      return jsonResponse(200, {});
    });
    const { router } = open();
    const badge = await screen.findByLabelText("Over SLA: Waiting longer than the partner's review SLA (24 h)");
    expect(badge.closest('td')?.getAttribute('data-label')).toBe('Age');
    expect(screen.getAllByText('Over SLA')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /^More filters/ }));
    fireEvent.click(screen.getByLabelText('Order', { selector: 'input:not([type=hidden])' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Over SLA first, then oldest' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('overSla'));
    await waitFor(() => expect(asked.at(-1)).toContain('sort=overSla'));
    expect(screen.getByText('Items to review, over SLA first, then oldest')).toBeTruthy();
  });
});
