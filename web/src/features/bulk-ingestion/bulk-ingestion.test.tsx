import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ACCESS_MSG, INGESTION_RETRY_MSG, JOB_SOURCE_LABEL, MAPPING_MSG, SCOPES } from '@portal/domain';
import { apiErrorMessage } from '../../api/api-events.ts';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { fakeServer, graphqlError } from '../submissions/fake-server.test-helper.ts';
import { ACCESS_HEADING, AccessPage } from './AccessPage.tsx';
import type { IngestionFile, IngestionJob } from './bulk-ingestion-api.ts';
import {
  APPLY_MAPPING,
  CANCEL_MAPPING,
  DOWNLOAD_TEMPLATE,
  IMPORT_JOB_LOAD_FAILED,
  IMPORT_JOB_NOT_FOUND,
  ImportJobPage,
  PROCESS_SUCCESSFUL,
} from './ImportJobPage.tsx';
import { ImportJobsPage } from './ImportJobsPage.tsx';

const withAccess = buildSession({ user: buildUser({ hasBulkIngestionAccess: true }) });

const file = (over: Partial<IngestionFile>): IngestionFile => ({
  id: over.filename ?? 'f',
  filename: 'a.png',
  upc: null,
  detectedEan13Upc: null,
  ean13Upc: null,
  status: 'NEEDS_MAPPING',
  statusDisplayName: 'Needs mapping',
  reason: null,
  submissionId: null,
  updatedDate: '2026-01-02T10:00:00.000Z',
  ...over,
});

const job = (over: Partial<IngestionJob> = {}): IngestionJob => ({
  id: 12,
  companyId: 1002,
  source: 'upload',
  cataloguedCount: 0,
  receivedCount: 0,
  ignoredCount: 1,
  unidentifiedCount: 0,
  needsMappingCount: 1,
  identifiedCount: 1,
  submittedCount: 2,
  totalCount: 5,
  createdDate: '2026-01-02T10:00:00.000Z',
  updatedDate: '2026-01-02T11:00:00.000Z',
  submittedByFirstName: 'Sam',
  submittedByLastName: 'Supplier',
  submittedByEmail: 'supplier@example.com',
  status: 'Incomplete',
  ...over,
});

const FILES = [
  file({ filename: 'no-code.png' }),
  file({ filename: 'also-no-code.png', updatedDate: '2026-01-02T10:00:05.000Z' }),
  file({
    filename: 'notes.txt',
    status: 'IGNORED',
    statusDisplayName: 'Ignored',
    reason: 'This file is not a PDF, JPG, PNG, GIF or TIF image.',
  }),
  file({
    filename: 'shelf.png',
    status: 'SUBMITTED',
    statusDisplayName: 'Submitted',
    detectedEan13Upc: '4006381333931',
    ean13Upc: '4006381333931',
  }),
];

const csv = (text: string) => new File([text], 'mapping.csv', { type: 'text/csv' });

function renderJob() {
  renderWithApp(
    <Routes>
      <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
    </Routes>,
    { path: '/import-jobs/12', session: buildSession({ user: buildUser({ hasBulkIngestionAccess: true }) }) },
  );
}

const pollPath = (since: string) => `/api/bulkIngestion/jobs/12/files/ifAnyUpdatedSince/${encodeURIComponent(since)}`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Import job detail', () => {
  it('first loads every file, then polls only for files updated since the newest time it has (less a 2 s overlap)', async () => {
    const polls: string[] = [];
    // The first poll's answer waits until the first load has been looked at (on a busy machine the poll's second
    // could pass before the test looks).
    let looked: () => void = () => {};
    const firstLoadSeen = new Promise<void>((resolve) => (looked = resolve));
    const fetchMock = vi.fn(async (input: string | URL | Request) => {
      const url = String(input);
      if (url === '/api/bulkIngestion/jobs/12/files') return jsonResponse(200, FILES);
      polls.push(url);
      if (polls.length === 1) await firstLoadSeen;
      // The first poll brings one change; later ones nothing.
      return jsonResponse(
        200,
        polls.length === 1
          ? [
              {
                ...FILES[0],
                status: 'SUBMITTED',
                statusDisplayName: 'Submitted',
                upc: '4006381333931',
                ean13Upc: '4006381333931',
                updatedDate: '2026-01-02T10:01:00.000Z',
              },
            ]
          : [],
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: /Import Job 12.*\d+ files,/ });
    expect(heading.textContent).toContain('4 files, 1 ignored, 2 need mapping');
    expect(within(screen.getByRole('table', { name: 'Incomplete' })).getAllByRole('row')).toHaveLength(4);
    expect(within(screen.getByRole('table', { name: 'Complete' })).getByText('shelf.png')).toBeTruthy();
    looked();
    await waitFor(() => expect(polls[0]).toBe(pollPath('2026-01-02T10:00:03.000Z')));
    await waitFor(() => expect(heading.textContent).toContain('1 needs mapping'));
    await waitFor(() => expect(polls[1]).toBe(pollPath('2026-01-02T10:00:58.000Z')));
  });

  it('a mapping file whose rows are all good is sent at once; Download Mapping Template and Apply are enabled', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/bulkIngestion/jobs/12/files' && init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse(200, [
            {
              ...FILES[0],
              status: 'SUBMITTED',
              statusDisplayName: 'Submitted',
              upc: '4006381333931',
              updatedDate: '2026-01-02T10:02:00.000Z',
            },
          ]);
        }
        if (url === '/api/bulkIngestion/jobs/12/files') return jsonResponse(200, FILES);
        return jsonResponse(200, []);
      }),
    );
    renderJob();
    const success = vi.spyOn(toast, 'success');
    await screen.findByRole('heading', { level: 1, name: /Import Job 12.*\d+ files,/ });
    expect((screen.getByRole('button', { name: DOWNLOAD_TEMPLATE }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: APPLY_MAPPING }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByTestId('mapping-file-input'), {
      target: { files: [csv('UPC,filename\n4006381333931,no-code.png\n\n')] },
    });
    await waitFor(() => expect(sent).toEqual([[{ upc: '4006381333931', filename: 'no-code.png' }]]));
    expect(success).toHaveBeenCalledWith('Mapping applied to 1 file.');
  });

  it('a mapping file with bad rows opens Mapping errors with the counts and reasons; Process Successful Rows sends only the good ones', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'PUT') {
          sent.push(JSON.parse(String(init.body)));
          return jsonResponse(200, []);
        }
        if (url === '/api/bulkIngestion/jobs/12/files') return jsonResponse(200, FILES);
        return jsonResponse(200, []);
      }),
    );
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    await screen.findByRole('heading', { level: 1, name: /Import Job 12.*\d+ files,/ });
    const input = screen.getByTestId('mapping-file-input');
    fireEvent.change(input, {
      target: {
        files: [csv('UPC,filename\n4006381333931,no-code.png\n4006381333931,notes.txt\n4006381333931,missing.png\n')],
      },
    });
    const dialog = await screen.findByRole('dialog', { name: MAPPING_MSG.modalTitle });
    expect(within(dialog).getByRole('status').textContent).toBe(
      '1 row can be processed; 2 rows have errors and will not be applied.',
    );
    expect(within(dialog).getByText(MAPPING_MSG.ignored)).toBeTruthy();
    expect(within(dialog).getByText(MAPPING_MSG.unknownFile)).toBeTruthy();
    expect(within(dialog).getByText('3')).toBeTruthy(); // row number = data index + 2
    fireEvent.click(within(dialog).getByRole('button', { name: CANCEL_MAPPING }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.change(input, {
      target: { files: [csv('UPC,filename\n4006381333931,no-code.png\n4006381333931,notes.txt\n')] },
    });
    const again = await screen.findByRole('dialog', { name: MAPPING_MSG.modalTitle });
    fireEvent.click(within(again).getByRole('button', { name: PROCESS_SUCCESSFUL }));
    await waitFor(() => expect(sent).toEqual([[{ upc: '4006381333931', filename: 'no-code.png' }]]));
  });

  it("error rows keep the file's row numbers and say that blank rows were skipped", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) =>
        String(input) === '/api/bulkIngestion/jobs/12/files' ? jsonResponse(200, FILES) : jsonResponse(200, []),
      ),
    );
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    await screen.findByRole('heading', { level: 1, name: /Import Job 12.*\d+ files,/ });
    fireEvent.change(screen.getByTestId('mapping-file-input'), {
      target: { files: [csv('UPC,filename\n4006381333931,no-code.png\n\n,\n4006381333931,missing.png\n')] },
    });
    const dialog = await screen.findByRole('dialog', { name: MAPPING_MSG.modalTitle });
    expect(within(dialog).getByRole('status').textContent).toBe(
      `1 row can be processed; 1 row has errors and will not be applied. ${MAPPING_MSG.blankRows(2)}`,
    );
    const [, bad] = within(dialog).getAllByRole('row');
    expect(within(bad).getAllByRole('cell')[0].textContent).toBe('5'); // the file's row, blank rows counted
  });

  it('a file set aside because the server was busy has a Retry that reads it again', async () => {
    const aside = file({
      id: 'f-busy',
      filename: 'busy.png',
      status: 'IGNORED',
      statusDisplayName: 'Ignored',
      reason: INGESTION_RETRY_MSG.notReadInTime,
    });
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          posts.push(url);
          return jsonResponse(200, { ...aside, status: 'RECEIVED', statusDisplayName: 'Received', reason: null });
        }
        if (url === '/api/bulkIngestion/jobs/12/files') return jsonResponse(200, [...FILES, aside]);
        return jsonResponse(200, []);
      }),
    );
    const success = vi.spyOn(toast, 'success');
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    const retry = await screen.findByRole('button', { name: 'Retry busy.png' });
    // Only that file: an ignored file of another kind has none.
    expect(screen.getAllByRole('button', { name: /^Retry / })).toHaveLength(1);
    fireEvent.click(retry);
    await waitFor(() => expect(posts).toEqual(['/api/bulkIngestion/jobs/12/files/f-busy/retry']));
    await waitFor(() => expect(success).toHaveBeenCalledWith(INGESTION_RETRY_MSG.retried('busy.png')));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry busy.png' })).toBeNull());
  });

  it('a file without the two headers, or without rows, is refused with its toast', async () => {
    fakeServer({ '/api/bulkIngestion/jobs/12/files': FILES });
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    const error = vi.spyOn(toast, 'error');
    await screen.findByRole('heading', { level: 1, name: /Import Job 12.*\d+ files,/ });
    fireEvent.change(screen.getByTestId('mapping-file-input'), { target: { files: [csv('UPC,file\n1,a.png\n')] } });
    await waitFor(() => expect(error).toHaveBeenCalledWith(MAPPING_MSG.unrecognizable));
    fireEvent.change(screen.getByTestId('mapping-file-input'), { target: { files: [csv('UPC,filename\n\n')] } });
    await waitFor(() => expect(error).toHaveBeenCalledWith(MAPPING_MSG.noRows));
  });

  it('a job that does not exist is not found, without any generic message (a 404 is no outage)', async () => {
    fakeServer({ '/api/bulkIngestion/jobs/999/files': jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }) });
    const shown: string[] = [];
    const stop = apiErrorMessage.subscribe((m) => shown.push(m));
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/999' },
    );
    expect(await screen.findByText(IMPORT_JOB_NOT_FOUND)).toBeTruthy();
    expect(shown).toEqual([]);
    stop();
  });

  it('a job that fails to load for another reason says so, rather than calling it missing', async () => {
    fakeServer({ '/api/bulkIngestion/jobs/12/files': jsonResponse(500, { code: 'INTERNAL', message: 'boom' }) });
    renderJob();
    expect(await screen.findByText(IMPORT_JOB_LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByText(IMPORT_JOB_NOT_FOUND)).toBeNull();
  });

  it('nothing to map: Download Mapping Template and Apply Mapping File are disabled', async () => {
    fakeServer({ '/api/bulkIngestion/jobs/12/files': [FILES[3]] });
    renderWithApp(
      <Routes>
        <Route path="/import-jobs/:jobId" element={<ImportJobPage />} />
      </Routes>,
      { path: '/import-jobs/12' },
    );
    await screen.findByRole('heading', { level: 1, name: /1 file, 0 ignored, 0 need mapping/ });
    expect((screen.getByRole('button', { name: DOWNLOAD_TEMPLATE }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: APPLY_MAPPING }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Import jobs list', () => {
  it('lists jobs with Job Id link, Files summary, dates, Submitted By and Status, ten a page', async () => {
    const jobs = Array.from({ length: 11 }, (_, i) => job({ id: 20 - i }));
    jobs[1] = job({
      id: 19,
      submittedByFirstName: null,
      submittedByLastName: null,
      submittedByEmail: null,
      status: 'Complete',
    });
    jobs[2] = job({ id: 18, submittedByFirstName: '', submittedByLastName: '', submittedByEmail: 'x@example.com' });
    fakeServer({ '/api/bulkIngestion/jobs': jobs });
    renderWithApp(<ImportJobsPage />, { path: '/import-jobs', session: withAccess });
    const link = await screen.findByRole('link', { name: '20' });
    expect(link.getAttribute('href')).toBe('/import-jobs/20');
    const table = screen.getByRole('table', { name: 'Import jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job Id', 'Files', 'Created', 'Modified', 'Submitted By', 'Status']);
    const row = link.closest('tr')!;
    expect(within(row).getByText('3/5')).toBeTruthy();
    expect(within(row).getByText('Sam Supplier')).toBeTruthy();
    expect(within(table).getByText('x@example.com')).toBeTruthy();
    expect(within(table).getByText('Complete')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: '10' })).toBeTruthy();
  });

  it("a full administrator reads every company's jobs with their company, and uploads none", async () => {
    fakeServer({ '/api/bulkIngestion/jobs': [job({ id: 41, companyId: 1001 })] });
    const admin = buildUser({
      scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
      hasBulkIngestionAccess: false,
    });
    renderWithApp(<ImportJobsPage />, { path: '/import-jobs', session: buildSession({ user: admin }) });
    const row = (await screen.findByRole('link', { name: '41' })).closest('tr')!;
    expect(within(row).getByText('1001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('names the source of a job nobody submitted: a folder drop, or a bucket drop', async () => {
    const nobody = { submittedByFirstName: null, submittedByLastName: null, submittedByEmail: null };
    fakeServer({
      '/api/bulkIngestion/jobs': [
        job({ id: 31, source: 'LOCAL', ...nobody }),
        job({ id: 32, source: 'S3', ...nobody }),
      ],
    });
    renderWithApp(<ImportJobsPage />, { path: '/import-jobs', session: withAccess });
    const folderRow = (await screen.findByRole('link', { name: '31' })).closest('tr')!;
    expect(within(folderRow).getByText(JOB_SOURCE_LABEL.LOCAL)).toBeTruthy();
    const bucketRow = screen.getByRole('link', { name: '32' }).closest('tr')!;
    expect(within(bucketRow).getByText(JOB_SOURCE_LABEL.S3)).toBeTruthy();
  });

  it('keeps polling while files are still being read, so counts move without a reload', async () => {
    let calls = 0;
    fakeServer({
      '/api/bulkIngestion/jobs': () => {
        calls += 1;
        return calls === 1
          ? [
              job({
                id: 40,
                receivedCount: 3,
                identifiedCount: 0,
                submittedCount: 0,
                ignoredCount: 0,
                needsMappingCount: 0,
                totalCount: 3,
              }),
            ]
          : [
              job({
                id: 40,
                receivedCount: 0,
                identifiedCount: 3,
                submittedCount: 0,
                ignoredCount: 0,
                needsMappingCount: 0,
                totalCount: 3,
                status: 'Complete',
              }),
            ];
      },
    });
    renderWithApp(<ImportJobsPage />, { path: '/import-jobs', session: withAccess });
    const row = (await screen.findByRole('link', { name: '40' })).closest('tr')!;
    expect(within(row).getByText('0/3')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('3/3')).toBeTruthy());
  });
});

describe('Product Hub Access', () => {
  const admin = buildSession({
    user: buildUser({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] }),
  });
  const orgs = [
    { id: 1, companyId: 1002, companyName: 'Blue Harbor Snacks', folderName: 'blue_harbor', imageSource: 'LOCAL' },
  ];

  it('normalises as typed, keeps Add disabled while untouched or invalid, and shows each rule', async () => {
    fakeServer({ BulkIngestionOrganizations: { data: { bulkIngestionOrganizations: orgs } } });
    renderWithApp(<AccessPage />, { path: '/access', session: admin });
    expect(await screen.findByRole('heading', { level: 1, name: ACCESS_HEADING })).toBeTruthy();
    expect(screen.getByText(ACCESS_MSG.warning)).toBeTruthy();
    expect(await screen.findByText('blue_harbor')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const folder = screen.getByRole('textbox', { name: /Folder name/ }) as HTMLInputElement;
    const source = screen.getByRole('textbox', { name: /Image source/ }) as HTMLInputElement;
    fireEvent.change(folder, { target: { value: 'My Folder-1!' } });
    expect(folder.value).toBe('my_folder1');
    fireEvent.change(source, { target: { value: 'local' } });
    expect(source.value).toBe('LOCAL');
    expect(add.disabled).toBe(true); // no company chosen
    fireEvent.change(folder, { target: { value: 'ab' } });
    // The form's schema is fetched at the first change: its messages show once it is there.
    expect(await screen.findByText(ACCESS_MSG.tooShort)).toBeTruthy();
    fireEvent.change(source, { target: { value: '' } });
    expect(screen.getByText(ACCESS_MSG.sourceRequired)).toBeTruthy();
    fireEvent.blur(screen.getByRole('combobox', { name: /Company/ }));
    expect(screen.getByText(ACCESS_MSG.companyRequired)).toBeTruthy();
  });

  it("field messages read 'Error: …' like the other forms (issue 17 item 15)", async () => {
    fakeServer({ BulkIngestionOrganizations: { data: { bulkIngestionOrganizations: orgs } } });
    renderWithApp(<AccessPage />, { path: '/access', session: admin });
    const folder = (await screen.findByRole('textbox', { name: /Folder name/ })) as HTMLInputElement;
    fireEvent.change(folder, { target: { value: 'ab' } });
    const source = screen.getByRole('textbox', { name: /Image source/ });
    fireEvent.change(source, { target: { value: 'local' } });
    fireEvent.change(source, { target: { value: '' } });
    fireEvent.blur(screen.getByRole('combobox', { name: /Company/ }));
    await screen.findByText(ACCESS_MSG.companyRequired, { exact: false }); // once the schema is fetched
    for (const message of [ACCESS_MSG.tooShort, ACCESS_MSG.sourceRequired, ACCESS_MSG.companyRequired]) {
      expect(screen.getByText(message, { exact: false }).textContent).toBe(`Error: ${message}`);
    }
  });

  it('searches companies 1000 ms after typing stops; success toasts and refreshes the list; a refusal toasts with its reason', async () => {
    let created = false;
    const server = fakeServer({
      BulkIngestionOrganizations: () => ({
        data: {
          bulkIngestionOrganizations: created
            ? [
                ...orgs,
                {
                  id: 2,
                  companyId: 1001,
                  companyName: 'Green Valley Foods',
                  folderName: 'green_valley',
                  imageSource: 'LOCAL',
                },
              ]
            : orgs,
        },
      }),
      SearchCompaniesByName: { data: { searchCompaniesByName: [{ id: 1001, name: 'Green Valley Foods' }] } },
      CreateBulkIngestionOrganization: (v: Record<string, unknown>) => {
        const input = v.input as { folderName: string };
        if (input.folderName === 'taken')
          return graphqlError('CONFLICT', 'This company already has bulk ingestion access.');
        created = true;
        return {
          data: {
            createBulkIngestionOrganization: {
              id: 2,
              companyId: 1001,
              companyName: 'Green Valley Foods',
              folderName: 'green_valley',
              imageSource: 'LOCAL',
            },
          },
        };
      },
    });
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    renderWithApp(<AccessPage />, { path: '/access', session: admin });
    const company = await screen.findByRole('combobox', { name: /Company/ });
    company.focus();
    fireEvent.click(company);
    fireEvent.change(company, { target: { value: 'green' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(server.operations()).not.toContain('SearchCompaniesByName');
    fireEvent.click(await screen.findByRole('option', { name: 'Green Valley Foods' }));
    expect(server.calls.find((c) => c.operation === 'SearchCompaniesByName')!.variables).toEqual({ name: 'green' });
    fireEvent.change(screen.getByRole('textbox', { name: /Folder name/ }), { target: { value: 'taken' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Image source/ }), { target: { value: 'LOCAL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(`${ACCESS_MSG.failed}. This company already has bulk ingestion access.`),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Folder name/ }), { target: { value: 'Green Valley' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ACCESS_MSG.created));
    expect(server.calls.filter((c) => c.operation === 'CreateBulkIngestionOrganization').at(-1)!.variables).toEqual({
      input: { companyId: 1001, folderName: 'green_valley', imageSource: 'LOCAL' },
    });
    expect(await screen.findByText('green_valley')).toBeTruthy();
  });
});
