import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { EMPTY_TAB_TEXT, READ_ONLY_NO_ADD, SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, type Answers } from '../submissions/fake-server.test-helper.ts';
import { startActivityPageRead, type ActivityItem } from './activity-api.ts';
import { ActivityPage, DELETE_NOTE, DELETE_TITLE, NO_SEARCH_MATCH } from './ActivityPage.tsx';
import { SubmissionDetailPage } from './SubmissionDetailPage.tsx';
import { buildSubmission } from './fake-server.test-helper.ts';
import { PARTNER_SELECT_LABEL } from './PartnerSelect.tsx';

spyOnToasts();

const item = (over: Partial<ActivityItem> = {}): ActivityItem => ({
  kind: 'Product',
  id: 'p1',
  upc: '036000291452', // typed as 12 digits: the list shows its GTIN-13 form
  productName: 'Tomato Soup',
  itemStatus: 'SUBMITTED',
  updatedDate: new Date(2025, 2, 7, 16, 5).toISOString(),
  fileCount: 2,
  partnerCompanyId: null,
  partnerStatusLabel: 'N/A',
  readiness: { percent: 100, ready: true, version: 1, failing: [] },
  canDelete: true,
  ...over,
  // A product's UPCs are its own one; a draft's are given when the test is about them.
  upcs: over.upcs ?? (over.upc === undefined ? ['036000291452'] : over.upc ? [over.upc] : []),
});

const page = (items: ActivityItem[], total = items.length, pageNo = 1) => ({
  data: { getProductSubmissionsByStatuses: { items, total, page: pageNo, pageSize: 10 } },
});

function renderActivity(
  path: string,
  {
    flags = [] as string[],
    answers = {} as Answers,
    sessionPartner = null as number | null,
    scopes = [] as string[],
    beforeRender = () => {},
  } = {},
) {
  const server = fakeServer({ ActivityPage: page([item()]), ...answers });
  beforeRender();
  const view = renderWithApp(
    <Routes>
      <Route path="/activity" element={<ActivityPage />} />
      <Route path="/activity/:tab" element={<ActivityPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path, session: buildSession({ user: buildUser({ sessionPartnerCompanyId: sessionPartner, scopes }), flags }) },
  );
  const location = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, ...server, location };
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('Activity tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('without the list view: the four standard tabs, Pending Review by default, no selection or partner column', async () => {
    const { location, calls } = renderActivity('/activity');
    await waitFor(() => expect(location()).toBe('/activity/pending'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Products - Submission Activity' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Submission Activity | Product Hub'));
    expect(tabNames()).toEqual(['Requires Action', 'Rejected', 'Pending Review', 'Accepted']);
    expect(screen.getByRole('tab', { name: 'Pending Review' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('link', { name: '0036000291452' });
    expect(calls[0].variables).toEqual({ tab: 'pending', page: 1, pageSize: 10 });
    expect(screen.queryByRole('button', { name: 'Edit to complete' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Partner status' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: PARTNER_SELECT_LABEL })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add New' }).getAttribute('href')).toBe('/upload');
  });

  it('the list read the route started as the app opened (before the page code arrived) is shown, not read again', async () => {
    const { calls } = renderActivity('/activity/pending', { beforeRender: () => startActivityPageRead('pending', 1) });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(calls.map((c) => c.variables)).toEqual([{ tab: 'pending', page: 1, pageSize: 10 }]);
  });

  it('a list read started for another page is not taken: the page reads its own', async () => {
    const { calls } = renderActivity('/activity/pending', { beforeRender: () => startActivityPageRead('pending', 2) });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(calls.map((c) => c.variables)).toEqual([
      { tab: 'pending', page: 2, pageSize: 10 },
      { tab: 'pending', page: 1, pageSize: 10 },
    ]);
  });

  it('Add New is disabled for a read-only administrator, with the reason the catalogue gives (issue 17 item 3)', async () => {
    renderActivity('/activity/pending', { scopes: [SCOPES.readAllProductSubmissions] });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.queryByRole('link', { name: 'Add New' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Add New' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(READ_ONLY_NO_ADD);
  });

  it('a tab chosen by keyboard opens its route', async () => {
    const { location } = renderActivity('/activity/pending');
    const pending = screen.getByRole('tab', { name: 'Pending Review' });
    pending.focus();
    fireEvent.keyDown(pending, { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe('/activity/accepted'));
    expect(screen.getByRole('tab', { name: 'Accepted' }).getAttribute('aria-selected')).toBe('true');
  });

  it('without the list view its routes redirect to the standard ones', async () => {
    const drafts = renderActivity('/activity/drafts');
    await waitFor(() => expect(drafts.location()).toBe('/activity/requires_action'));
  });

  it('with SUBMISSION_LIST_VIEW: Drafts, Active (default), Archived, the partner drop-down and the partner status', async () => {
    const { location } = renderActivity('/activity', { flags: ['SUBMISSION_LIST_VIEW'] });
    await waitFor(() => expect(location()).toBe('/activity/all'));
    expect(tabNames()).toEqual(['Drafts', 'Active', 'Archived']);
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox', { name: PARTNER_SELECT_LABEL })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Partner status' })).toBeTruthy();
    const row = screen.getByRole('link', { name: '0036000291452' }).closest('tr')!;
    expect(within(row).getByText('N/A')).toBeTruthy();
  });

  it('the partner status column shows the stored partner status label (Incomplete / Complete)', async () => {
    renderActivity('/activity/all', {
      flags: ['SUBMISSION_LIST_VIEW'],
      answers: {
        ActivityPage: page([
          item({ id: 'p1', partnerStatusLabel: 'Incomplete', partnerCompanyId: 30443 }),
          item({ id: 'p2', upc: '012345678905', partnerStatusLabel: 'Complete', partnerCompanyId: 30443 }),
        ]),
      },
    });
    const first = (await screen.findByRole('link', { name: '0036000291452' })).closest('tr')!;
    expect(within(first).getByText('Incomplete')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: '0012345678905' }).closest('tr')!).getByText('Complete'),
    ).toBeTruthy();
  });

  it("a Readiness column after the specification's columns: the stored score and the top failing rule, compact", async () => {
    const failing = [
      { code: 'R-IMG-MIN-2', severity: 'blocking' as const, message: 'Two images.', fix: 'f', fileNames: [] },
      { code: 'R-NAME-LEN', severity: 'warning' as const, message: 'Name too long.', fix: 'f', fileNames: [] },
    ];
    renderActivity('/activity/all', {
      flags: ['SUBMISSION_LIST_VIEW'],
      answers: {
        ActivityPage: page([
          item({ id: 'p1', partnerCompanyId: 30443, readiness: { percent: 50, ready: false, version: 2, failing } }),
          item({ id: 'p2', upc: '012345678905', partnerCompanyId: null, readiness: null }),
        ]),
      },
    });
    const first = (await screen.findByRole('link', { name: '0036000291452' })).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1, 8)).toEqual([
      'UPC',
      'Product name',
      'Status',
      'Files',
      'Date modified',
      'Partner status',
      'Readiness',
    ]);
    const cell = within(first).getByText('50% · R-IMG-MIN-2 +1');
    expect(cell.getAttribute('title')).toBe('R-IMG-MIN-2: Two images.\nR-NAME-LEN: Name too long.');
    const second = screen.getByRole('link', { name: '0012345678905' }).closest('tr')!;
    expect(within(second).getAllByText('N/A')).toHaveLength(2);
  });

  it('in the list view the standard routes narrow Active down by status', async () => {
    const { calls } = renderActivity('/activity/pending', { flags: ['SUBMISSION_LIST_VIEW'] });
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    const filters = screen.getByRole('navigation', { name: 'Filter active submissions by status' });
    expect(within(filters).getByRole('link', { name: 'Pending Review' }).getAttribute('aria-current')).toBe('page');
    expect(within(filters).getByRole('link', { name: 'Rejected' }).getAttribute('href')).toBe('/activity/rejected');
    await screen.findByRole('link', { name: '0036000291452' });
    expect(calls.find((c) => c.operation === 'ActivityPage')?.variables.tab).toBe('pending');
  });

  it('the drafts tab has no partner drop-down and no Edit to complete', async () => {
    renderActivity('/activity/drafts', { flags: ['SUBMISSION_LIST_VIEW'] });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.queryByRole('combobox', { name: PARTNER_SELECT_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit to complete' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Drafts' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Edit to complete is disabled until a row is chosen, then opens the bulk edit with the chosen ids', async () => {
    const { location } = renderActivity('/activity/all', {
      flags: ['SUBMISSION_LIST_VIEW'],
      answers: { ActivityPage: page([item({ id: 'a' }), item({ id: 'b', upc: '4006381333931', productName: null })]) },
    });
    const edit = screen.getByRole('button', { name: 'Edit to complete' });
    expect(edit).toHaveProperty('disabled', true);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select 0036000291452, Tomato Soup' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select 4006381333931' }));
    expect(edit).toHaveProperty('disabled', false);
    fireEvent.click(edit);
    await waitFor(() => expect(location()).toBe('/edit-multiple?productSubmissionIds=a,b'));
  });

  it('select all on the page, and none again', async () => {
    renderActivity('/activity/archived', {
      flags: ['SUBMISSION_LIST_VIEW'],
      answers: {
        ActivityPage: page([item({ id: 'a', itemStatus: 'CATALOGUED' }), item({ id: 'b', itemStatus: 'CATALOGUED' })]),
      },
    });
    const all = await screen.findByRole('checkbox', { name: 'Select all submissions on this page' });
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: 'Edit to complete' })).toHaveProperty('disabled', false);
    expect(screen.getByText('2 submissions, 2 selected')).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByRole('button', { name: 'Edit to complete' })).toHaveProperty('disabled', true);
  });
});

describe('Activity rows', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Unnamed', 'No UPC Provided', the status name, the file count and the date as MM/DD/YYYY h:mm a", async () => {
    renderActivity('/activity/requires_action', {
      answers: {
        ActivityPage: page([
          item({ kind: 'Draft', id: 'd1', upc: null, productName: null, itemStatus: 'IN_PROGRESS', fileCount: 3 }),
        ]),
      },
    });
    const link = await screen.findByRole('link', { name: 'No UPC Provided' });
    const cells = within(link.closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['No UPC Provided', 'Unnamed', 'Draft', '3', '03/07/2025 4:05 pm']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'UPC',
      'Product name',
      'Status',
      'Files',
      'Date modified',
      'Actions',
    ]);
  });

  it("a draft of several products shows its UPCs, not only the first file's (issue 17 item 7)", async () => {
    renderActivity('/activity/requires_action', {
      answers: {
        ActivityPage: page([
          item({ kind: 'Draft', id: 'd1', itemStatus: 'IN_PROGRESS', upcs: ['036000291452', '4006381333931'] }),
          item({
            kind: 'Draft',
            id: 'd2',
            itemStatus: 'IN_PROGRESS',
            upcs: ['036000291452', '012345678905', '96385074'],
          }),
        ]),
      },
    });
    expect(await screen.findByRole('link', { name: '0036000291452, 4006381333931' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '0036000291452, 0012345678905 + 1 more' })).toBeTruthy();
  });

  it('links drafts to their step 2, rejected items to resubmission and the others to their detail', async () => {
    renderActivity('/activity/pending', {
      answers: {
        ActivityPage: page([
          item({ kind: 'Draft', id: 'd1', upc: '11111111', itemStatus: 'IN_PROGRESS' }),
          item({ id: 'r1', upc: '22222222', itemStatus: 'AUTO_REJECTED' }),
          item({ id: 'r2', upc: '33333333', itemStatus: 'ADMIN_REJECTED' }),
          item({ id: 'p1', upc: '44444444', itemStatus: 'SUBMITTED' }),
        ]),
      },
    });
    const href = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('11111111')).toBe('/upload_draft/d1');
    expect(await href('22222222')).toBe('/productSubmissions/r1/resubmit');
    expect(await href('33333333')).toBe('/productSubmissions/r2/resubmit');
    expect(await href('44444444')).toBe('/productSubmissions/p1');
    // The automated checks' rejection is not shown as a staff one.
    expect(screen.getAllByText('Rejected', { selector: 'td' })).toHaveLength(1);
    expect(screen.getAllByText('Rejected automatically', { selector: 'td' })).toHaveLength(1);
  });

  it('a click on a row (not on its controls) opens it', async () => {
    const { location } = renderActivity('/activity/pending');
    const link = await screen.findByRole('link', { name: '0036000291452' });
    fireEvent.click(within(link.closest('tr')!).getByText('Tomato Soup'));
    await waitFor(() => expect(location()).toBe('/productSubmissions/p1'));
  });

  it.each([
    ['requires_action', [] as string[]],
    ['rejected', []],
    ['pending', []],
    ['accepted', []],
    ['drafts', ['SUBMISSION_LIST_VIEW']],
    ['all', ['SUBMISSION_LIST_VIEW']],
    ['archived', ['SUBMISSION_LIST_VIEW']],
  ] as const)('an empty %s tab shows its placeholder', async (tab, flags) => {
    renderActivity(`/activity/${tab}`, { flags: [...flags], answers: { ActivityPage: page([]) } });
    expect(await screen.findByText(EMPTY_TAB_TEXT[tab])).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the server with a page size of 10, each page asked for from the boundary of the page beside it', async () => {
    const { calls, location } = renderActivity('/activity/pending', {
      answers: {
        ActivityPage: (v: Record<string, unknown>) => {
          const answer = page(
            [item({ id: `p${String(v.page)}`, upc: `0000000${String(v.page)}` })],
            25,
            Number(v.page),
          );
          const cursors = { startCursor: `start-${String(v.page)}`, endCursor: `end-${String(v.page)}` };
          return {
            data: { getProductSubmissionsByStatuses: { ...answer.data.getProductSubmissionsByStatuses, ...cursors } },
          };
        },
      },
    });
    await screen.findByRole('link', { name: '00000001' });
    const pages = screen.getByRole('navigation', { name: 'Pages of the list' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).toBeNull();
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: '00000002' })).toBeTruthy();
    expect(location()).toBe('/activity/pending?page=2');
    expect(calls.at(-1)?.variables).toMatchObject({ tab: 'pending', page: 2, pageSize: 10, boundary: 'end-1' });
    expect(calls[0].variables.boundary).toBeUndefined();
  });

  it('?focus= finds the row on a later page, shows that page and highlights the row', async () => {
    const { location } = renderActivity('/activity/pending?focus=p3', {
      answers: {
        ActivityPage: (v: Record<string, unknown>) =>
          page([item({ id: `p${String(v.page)}`, upc: `0000000${String(v.page)}` })], 25, Number(v.page)),
      },
    });
    const link = await screen.findByRole('link', { name: '00000003' });
    expect(location()).toBe('/activity/pending?focus=p3&page=3');
    expect(link.closest('tr')!.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(link));
  });
});

describe('Deleting from the activity list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks first, then deletes the submission and shows the list again without it', async () => {
    let items = [item({ id: 'p1' }), item({ id: 'p2', upc: '4006381333931', productName: 'Oat Crunch' })];
    const { operations, calls } = renderActivity('/activity/pending', {
      answers: {
        ActivityPage: () => page(items),
        DeleteProductSubmission: (v: Record<string, unknown>) => {
          items = items.filter((i) => i.id !== v.id);
          return { data: { deleteProductSubmission: true } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 4006381333931, Oat Crunch' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_TITLE });
    expect(within(dialog).getByText("Catalogued data for the item won't be affected.")).toBeTruthy();
    expect(DELETE_NOTE).toBe("Catalogued data for the item won't be affected.");
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    await waitFor(() => expect(screen.queryByRole('link', { name: '4006381333931' })).toBeNull());
    expect(screen.getByRole('link', { name: '0036000291452' })).toBeTruthy();
    expect(calls.find((c) => c.operation === 'DeleteProductSubmission')?.variables).toEqual({ id: 'p2' });
    expect(operations().filter((o) => o === 'ActivityPage').length).toBeGreaterThan(1);
    expect(toast.success).toHaveBeenCalledWith('The submission was deleted.');
  });

  it('Cancel keeps the row; a draft row is deleted as a draft; a row the user may not delete has its button disabled', async () => {
    const { operations } = renderActivity('/activity/requires_action', {
      answers: {
        ActivityPage: page([
          item({ kind: 'Draft', id: 'd1', upc: null, itemStatus: 'IN_PROGRESS' }),
          item({ kind: 'Draft', id: 'd2', upc: '4006381333931', itemStatus: 'IN_PROGRESS', canDelete: false }),
        ]),
        DeleteActivityDraft: { data: { deleteDraftSubmission: true } },
      },
    });
    expect(await screen.findByRole('button', { name: 'Delete 4006381333931, Tomato Soup' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete No UPC Provided, Tomato Soup' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: DELETE_TITLE })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(operations()).not.toContain('DeleteActivityDraft');
    fireEvent.click(screen.getByRole('button', { name: 'Delete No UPC Provided, Tomato Soup' }));
    await act(async () =>
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' })),
    );
    await waitFor(() => expect(operations()).toContain('DeleteActivityDraft'));
    expect(operations()).not.toContain('DeleteProductSubmission');
  });
});

describe('Partner drop-down', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps every row and shows the chosen partner's status in the partner-status column (issue 17 item 2)", async () => {
    const { calls, location } = renderActivity('/activity/all', {
      flags: ['SUBMISSION_LIST_VIEW'],
      answers: {
        SearchPartnerConfigurations: {
          data: { searchPartnerConfigurations: [{ id: 30443, companyName: 'FRESH MARKET GROCERS' }] },
        },
        ActivityPage: page([
          item({ id: 'p1', partnerStatusLabel: 'Incomplete', partnerCompanyId: 30443 }),
          item({ id: 'p2', upc: '012345678905', partnerStatusLabel: 'Complete', partnerCompanyId: 30500 }),
          item({ id: 'p3', upc: '4006381333931', partnerStatusLabel: 'N/A', partnerCompanyId: null }),
        ]),
      },
    });
    await screen.findByRole('link', { name: '0036000291452' });
    const partnerColumn = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell').at(-3)?.textContent);
    expect(partnerColumn()).toEqual(['Incomplete', 'Complete', 'N/A']);
    const select = screen.getByRole('combobox', { name: PARTNER_SELECT_LABEL });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Fresh Market Grocers' }));
    await waitFor(() => expect(location()).toBe('/activity/all?partner=30443'));
    // The rows stay; only the column answers for Fresh Market Grocers now.
    await waitFor(() => expect(partnerColumn()).toEqual(['Incomplete', 'N/A', 'N/A']));
    expect(calls.filter((c) => c.operation === 'ActivityPage').every((c) => c.variables.partnerCompanyId == null)).toBe(
      true,
    );
    expect(calls.find((c) => c.operation === 'SearchPartnerConfigurations')?.variables).toEqual({ name: '' });
  });
});

describe('Back from an item', () => {
  it("'Back to Submission Activity' returns to the list as it was left: its filter and page stay in the address", async () => {
    const items = Array.from({ length: 10 }, (_, i) => item({ id: `p${i}`, upc: `03600029145${i}` }));
    const server = fakeServer({
      ActivityPage: page(items, 25, 2),
      SubmissionDetail: { data: { getProductSubmission: buildSubmission({ id: 'p3' }) } },
    });
    const view = renderWithApp(
      <Routes>
        <Route path="/activity/:tab" element={<ActivityPage />} />
        <Route path="/productSubmissions/:id" element={<SubmissionDetailPage />} />
      </Routes>,
      {
        path: '/activity/pending?photo=issues&page=2',
        session: buildSession({ user: buildUser({ scopes: [SCOPES.readAllProductSubmissions] }) }),
      },
    );
    fireEvent.click(await screen.findByRole('link', { name: '036000291453' }));
    const back = await screen.findByRole('link', { name: /Back to Submission Activity/ });
    expect(back.getAttribute('href')).toBe('/activity/pending?photo=issues&page=2');
    fireEvent.click(back);
    await waitFor(() =>
      expect(`${view.router.state.location.pathname}${view.router.state.location.search}`).toBe(
        '/activity/pending?photo=issues&page=2',
      ),
    );
    expect(server.calls.filter((c) => c.operation === 'ActivityPage').at(-1)?.variables).toMatchObject({ page: 2 });
  });
});

describe('Search in the activity list', () => {
  it('takes the search from the address (?q), sends it, and a new search replaces it there and goes back to page 1', async () => {
    const { location, calls } = renderActivity('/activity/pending?q=tomato&page=2', {
      answers: { ActivityPage: page([item()], 1) },
    });
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect((box as HTMLInputElement).value).toBe('tomato');
    await waitFor(() => expect(calls.some((c) => c.variables.q === 'tomato')).toBe(true));
    fireEvent.change(box, { target: { value: ' 036000 29145 ' } });
    await waitFor(() => expect(location()).toBe('/activity/pending?q=036000+29145'));
    await waitFor(() =>
      expect(calls.filter((c) => c.operation === 'ActivityPage').at(-1)?.variables).toEqual({
        tab: 'pending',
        page: 1,
        pageSize: 10,
        q: '036000 29145',
      }),
    );
  });

  it('says that nothing matched the search, and a cleared box asks for the whole list again', async () => {
    const { location, calls } = renderActivity('/activity/pending?q=kombucha', {
      answers: { ActivityPage: page([], 0) },
    });
    expect(await screen.findByText(NO_SEARCH_MATCH)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    await waitFor(() => expect(location()).toBe('/activity/pending'));
    await waitFor(() =>
      expect(calls.filter((c) => c.operation === 'ActivityPage').at(-1)?.variables).toEqual({
        tab: 'pending',
        page: 1,
        pageSize: 10,
      }),
    );
  });
});
