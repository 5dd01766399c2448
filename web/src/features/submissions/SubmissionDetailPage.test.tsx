import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  ALL_SCOPES,
  EMPTY_PRODUCT_FACTS,
  READ_FROM_DIGITS,
  READINESS_MSG,
  REJECTION_REASON_MAX,
  REVIEW_MSG,
  SCOPES,
  type FactReading,
} from '@portal/domain';
import type { SubmissionFactsView } from './submission-facts-api.ts';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { buildSubmission, fakeServer, graphqlError, type Answers } from './fake-server.test-helper.ts';
import type { Submission } from './submission-api.ts';
import { IMPORTED_NOTE, SubmissionDetailPage } from './SubmissionDetailPage.tsx';
import { ADD_PRODUCT_NAME } from './ProductNameEditor.tsx';

spyOnToasts();

const detail = (s: Submission) => ({ data: { getProductSubmission: s } });

function renderDetail(submission: Submission, { scopes = [] as string[], answers = {} as Answers } = {}) {
  const server = fakeServer({ SubmissionDetail: detail(submission), ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/productSubmissions/:id" element={<SubmissionDetailPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: `/productSubmissions/${submission.id}`, session: buildSession({ user: buildUser({ scopes }) }) },
  );
  return { ...view, ...server };
}

/** The submission has arrived (its first thumbnail is there). */
const loaded = () => screen.findByRole('button', { name: 'View front.png large' });

const staffSubmission = (over: Partial<Submission> = {}) =>
  buildSubmission({
    badge: 'Matches Photo',
    zendeskTicketId: '4711',
    zendeskTicketUrl: 'https://support.example/tickets/4711',
    can: { review: true, editName: true, delete: true, appeal: false, resubmit: true, setTicket: false },
    ...over,
  });

describe('Submission detail', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    hideBanner();
  });

  it("suppliers see 'Item details' without review buttons, badge or ticket", async () => {
    renderDetail(buildSubmission({ badge: null, zendeskTicketId: '4711', zendeskTicketUrl: 'https://x' }));
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Item details' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Submission Activity/ }).getAttribute('href')).toBe(
      '/activity/pending',
    );
    expect(screen.queryByRole('button', { name: 'Accept Item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByText(/Ticket/)).toBeNull();
    expect(screen.queryByText('Matches Photo')).toBeNull();
    // UPC, status and date modified.
    const facts = screen.getByText('UPC').closest('dl')!;
    expect(within(facts).getByText('0036000291452')).toBeTruthy(); // typed as 12 digits, shown as GTIN-13
    expect(within(facts).getByText('Submitted')).toBeTruthy();
    expect(within(facts).getByText('03/07/2025 4:05 pm')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View front.png large' })).toBeTruthy();
  });

  it('says what each photo shows and offers the images as one zip named by the GS1 specification', async () => {
    const submission = buildSubmission();
    renderDetail(submission);
    await loaded();
    expect(screen.getByText('Shows: Front, Barcode face')).toBeTruthy();
    const zip = screen.getByRole('link', { name: 'Download images (GS1 names)' });
    expect(zip.getAttribute('href')).toBe(`/api/productSubmissions/${submission.id}/images.zip`);
    expect(zip.hasAttribute('download')).toBe(true);
  });

  it('offers no zip when the submission has only PDFs', async () => {
    const submission = buildSubmission();
    renderDetail({ ...submission, files: submission.files.map((f) => ({ ...f, kind: 'pdf', photoRoles: [] })) });
    await loaded();
    expect(screen.queryByRole('link', { name: 'Download images (GS1 names)' })).toBeNull();
    expect(screen.queryByText(/^Shows:/)).toBeNull();
  });

  it('offers the facts read from a photo added on resubmit: accepted at once, never over a typed value', async () => {
    const region = { x: 0.1, y: 0.4, width: 0.5, height: 0.05 };
    const sodium: FactReading = {
      field: 'sodium',
      value: { amount: 150, unit: 'MGM', dailyValuePercent: 7 },
      confidence: 0.97,
      region,
    };
    const view = (over: Partial<SubmissionFactsView> = {}): SubmissionFactsView => ({
      fileName: 'panel.jpg',
      imageUrl: '/api/productSubmissions/s1/image/panel.jpg',
      facts: { ...EMPTY_PRODUCT_FACTS, calories: 250 },
      factSources: { calories: { source: 'typed', region: null, fileName: null } },
      factReadingStatus: 'done',
      factSuggestions: [sodium],
      canDecide: true,
      ...over,
    });
    const accepted = { ...EMPTY_PRODUCT_FACTS, calories: 250, nutrients: { sodium: sodium.value } };
    const { calls, operations } = renderDetail(withReadPhoto(buildSubmission({ badge: null })), {
      answers: {
        '/api/productSubmissions/s1/facts': view(),
        '/api/productSubmissions/s1/facts/panel.jpg': view({ facts: accepted, factSuggestions: [] }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Product facts: read from the photos you added' });
    expect(within(section).getByRole('group', { name: 'Sodium read from photo' })).toBeTruthy();
    expect(within(section).getByText(/1 value read from the photo waits for you/)).toBeTruthy();
    const detailAsks = operations().filter((o) => o === 'SubmissionDetail').length;
    fireEvent.click(within(section).getByRole('button', { name: /^Accept Sodium/ }));
    await waitFor(() => expect(within(section).queryByRole('group', { name: 'Sodium read from photo' })).toBeNull());
    const put = calls.find((c) => c.url === '/api/productSubmissions/s1/facts/panel.jpg')!;
    // The typed calories stay as they were; the sodium is the reading's.
    expect(JSON.parse(String(put.body))).toEqual({ facts: accepted, dismiss: [] });
    // The facts table of the page asks for them again.
    await waitFor(() =>
      expect(operations().filter((o) => o === 'SubmissionDetail').length).toBeGreaterThan(detailAsks),
    );
  });

  it('asks for no facts to decide when none of its photos is read', async () => {
    const { calls } = renderDetail(buildSubmission({ badge: null }));
    await loaded();
    await act(() => Promise.resolve());
    expect(calls.some((c) => c.url.startsWith('/api/productSubmissions/s1/facts'))).toBe(false);
    expect(screen.queryByText('Product facts: read from the photos you added')).toBeNull();
  });

  it('offers nothing when the item no longer waits for review', async () => {
    const { calls } = renderDetail(withReadPhoto(buildSubmission({ badge: null })), {
      answers: {
        '/api/productSubmissions/s1/facts': {
          fileName: 'panel.jpg',
          imageUrl: '/x',
          facts: null,
          factSources: {},
          factReadingStatus: 'done',
          factSuggestions: [],
          canDecide: false,
        },
      },
    });
    await loaded();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/productSubmissions/s1/facts')).toBe(true));
    await act(() => Promise.resolve()); // its answer is laid out
    expect(screen.queryByText('Product facts: read from the photos you added')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept / })).toBeNull();
  });

  it('the supplier sees the code read from the photos beside the typed UPC, the differing digit marked', async () => {
    renderDetail(buildSubmission({ badge: null, upc: '4006381333931', detectedUpcs: ['4006381333981'] }));
    await loaded();
    const facts = screen.getByText('UPC').closest('dl')!;
    const typed = within(facts).getByTestId('upc-typed');
    const read = within(facts).getByTestId('upc-detected');
    expect(within(facts).getByText('Code read from the photos')).toBeTruthy();
    expect([...typed.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['3']);
    expect([...read.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['8']);
    expect(read.textContent).toBe('4006381333981 (differs in digit 12)');
  });

  it('the supplier sees the readiness for the partner, the rule-set version and each failing rule with its fix', async () => {
    renderDetail(
      buildSubmission({
        readiness: {
          percent: 60,
          ready: false,
          version: 4,
          failing: [
            {
              code: 'R-IMG-MIN-2',
              severity: 'blocking',
              message: 'At least 2 images are needed.',
              fix: 'Add a picture of the back of the pack.',
              fileNames: [],
            },
          ],
        },
      }),
    );
    await loaded();
    const section = screen.getByRole('region', { name: 'Readiness for this partner' });
    expect(within(section).getByText(READINESS_MSG.score('036000291452', 60))).toBeTruthy();
    expect(within(section).getByText(READINESS_MSG.judgedAgainst(4))).toBeTruthy();
    const fixes = within(section).getByRole('list', { name: 'Rules to fix for 0036000291452' });
    expect(within(fixes).getByRole('listitem').textContent).toContain('Add a picture of the back of the pack.');
    expect(within(fixes).getByRole('listitem').textContent).toContain(READINESS_MSG.blockingSubmitted);
  });

  it("staff see 'Submission verification' with Accept Item, Reject, the ticket link and the badge", async () => {
    renderDetail(staffSubmission(), { scopes: [...ALL_SCOPES] });
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept Item' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', false);
    const ticket = await screen.findByRole('link', { name: /Ticket 4711/ });
    expect(ticket.getAttribute('href')).toBe('https://support.example/tickets/4711');
    expect(ticket.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Matches Photo')).toBeTruthy();
    expect(screen.getByText('Green Valley Foods')).toBeTruthy();
  });

  it("staff see 'Read from printed digits' on the badge when the code was read from the digits under the bars", async () => {
    renderDetail(staffSubmission({ badgeNote: READ_FROM_DIGITS }), { scopes: [...ALL_SCOPES] });
    await loaded();
    expect(screen.getByText('Matches Photo · Read from printed digits')).toBeTruthy();
  });

  it('without a badge, the printed-digits note still shows to staff', async () => {
    renderDetail(staffSubmission({ badge: null, badgeNote: READ_FROM_DIGITS }), { scopes: [...ALL_SCOPES] });
    await loaded();
    expect(screen.getByText('Read from printed digits')).toBeTruthy();
  });

  it('a read-only administrator sees the verification view with the buttons disabled and why', async () => {
    renderDetail(
      buildSubmission({
        badge: 'Flagged for Review',
        can: { review: false, editName: false, delete: false, appeal: false, resubmit: false, setTicket: false },
      }),
      {
        scopes: [SCOPES.readAllProductSubmissions],
      },
    );
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept Item' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You may look at submissions but not accept or reject them.')).toBeTruthy();
    expect(screen.getByText('Flagged for Review')).toBeTruthy();
  });

  it("Accept Item accepts, says 'Item has been accepted.' and shows the new state", async () => {
    const accepted = staffSubmission({
      itemStatus: 'ACCEPTED',
      statusDisplayName: 'Accepted',
      can: { review: false, editName: true, delete: true, appeal: false, resubmit: false, setTicket: false },
      history: [
        ...buildSubmission().history,
        {
          at: '2025-03-08T09:30:00',
          fromStatus: 'SUBMITTED',
          toStatus: 'ACCEPTED',
          reason: null,
          by: 'Ada Admin',
          comments: [],
        },
      ],
    });
    const { calls } = renderDetail(staffSubmission(), {
      scopes: [...ALL_SCOPES],
      answers: { UpdateSubmissionStatus: { data: { updateProductSubmissionStatus: accepted } } },
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Accept Item' })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Item has been accepted.'));
    expect(calls.find((c) => c.operation === 'UpdateSubmissionStatus')?.variables).toEqual({
      id: 's1',
      status: 'ACCEPTED',
      reason: null,
    });
    expect(await screen.findByText('Accepted', { selector: 'dd' })).toBeTruthy();
    const history = screen.getByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1].textContent).toContain('Ada Admin');
    expect(rows[1].textContent).toContain('Submitted →to Accepted');
    // The buttons are disabled now: keyboard focus goes to the review area, which says what is allowed.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Review' })));
  });

  it('Reject asks for a required reason, then rejects with it', async () => {
    const rejected = staffSubmission({
      itemStatus: 'ADMIN_REJECTED',
      statusDisplayName: 'Rejected',
      rejectionReason: { message: 'Blurry photo', isAdminRejection: true },
      can: { review: false, editName: true, delete: true, appeal: false, resubmit: true, setTicket: false },
    });
    const { calls } = renderDetail(staffSubmission(), {
      scopes: [...ALL_SCOPES],
      answers: { UpdateSubmissionStatus: { data: { updateProductSubmissionStatus: rejected } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Error: ${REVIEW_MSG.rejectionReasonRequired}`);
    expect(calls.some((c) => c.operation === 'UpdateSubmissionStatus')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for the rejection/ }), {
      target: { value: '  Blurry photo ' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Item has been rejected.'));
    expect(calls.find((c) => c.operation === 'UpdateSubmissionStatus')?.variables).toEqual({
      id: 's1',
      status: 'ADMIN_REJECTED',
      reason: 'Blurry photo',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Blurry photo')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Review' })));
  });

  it('a reason over 1000 characters is refused before sending', async () => {
    const { calls } = renderDetail(staffSubmission(), { scopes: [...ALL_SCOPES] });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this item?' });
    const box = within(dialog).getByRole('textbox', { name: /Reason for the rejection/ });
    expect(box.getAttribute('maxlength')).toBe(String(REJECTION_REASON_MAX));
    // Pasted text past the box's limit (a browser cuts typing at maxlength, not every way in).
    fireEvent.change(box, { target: { value: 'y'.repeat(REJECTION_REASON_MAX + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Error: ${REVIEW_MSG.rejectionReasonTooLong}`);
    expect(calls.some((c) => c.operation === 'UpdateSubmissionStatus')).toBe(false);
  });

  it('a reject refused because someone reviewed first closes the dialog and shows why', async () => {
    renderDetail(staffSubmission(), {
      scopes: [...ALL_SCOPES],
      answers: {
        UpdateSubmissionStatus: graphqlError(
          'INVALID_TRANSITION',
          'An item that is accepted (ACCEPTED) cannot be set to rejected (ADMIN_REJECTED).',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this item?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for the rejection/ }), {
      target: { value: 'bad image' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    await waitFor(() => expect(getBanner()?.message).toMatch(/cannot be set to rejected/));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a refused review shows the server message and asks for the submission again', async () => {
    const { operations } = renderDetail(staffSubmission(), {
      scopes: [...ALL_SCOPES],
      answers: {
        UpdateSubmissionStatus: graphqlError(
          'INVALID_TRANSITION',
          'An item that is accepted (ACCEPTED) cannot be set to accepted (ACCEPTED).',
        ),
      },
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Accept Item' })));
    await waitFor(() => expect(getBanner()?.message).toMatch(/cannot be set to accepted/));
    await waitFor(() => expect(operations().filter((o) => o === 'SubmissionDetail')).toHaveLength(2));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a catalogued item goes to its catalogue page', async () => {
    const { router } = renderDetail(buildSubmission({ itemStatus: 'CATALOGUED', statusDisplayName: 'Catalogued' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cataloguedProducts/0036000291452'));
  });

  it('imported items say when attributes appear', async () => {
    renderDetail(buildSubmission({ isImported: true }));
    expect(await screen.findByText(IMPORTED_NOTE)).toBeTruthy();
    expect(IMPORTED_NOTE).toBe(
      'Attributes and classifications appear once our cataloguing staff have catalogued this item.',
    );
  });

  it('an unknown submission says so', async () => {
    renderDetail(buildSubmission(), {
      answers: { SubmissionDetail: graphqlError('NOT_FOUND', 'Submission not found.') },
    });
    expect(await screen.findByText("We couldn't find this submission. It may have been deleted.")).toBeTruthy();
  });

  it('a thumbnail opens the large image in a dialog', async () => {
    renderDetail(buildSubmission());
    fireEvent.click(await screen.findByRole('button', { name: 'View front.png large' }));
    const dialog = await screen.findByRole('dialog', { name: 'front.png' });
    expect(within(dialog).getByRole('img', { name: 'front.png' }).getAttribute('src')).toBe(
      '/api/productSubmissions/s1/image/front.png',
    );
  });
});

describe('Product name editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  const renamed = (name: string | null) => ({
    data: { updateProductSubmissionProductName: buildSubmission({ productName: name }) },
  });

  it("an empty name reads 'Add a product name.'; Save is disabled until the value changes; Enter saves the trimmed value", async () => {
    const { calls } = renderDetail(buildSubmission({ productName: null }), {
      answers: { RenameSubmission: (v: Record<string, unknown>) => renamed(String(v.name)) },
    });
    fireEvent.click(await screen.findByRole('button', { name: ADD_PRODUCT_NAME }));
    const input = screen.getByRole('textbox', { name: /Product name/ });
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '  Oat Crunch  ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Product name/ })).toBeNull());
    expect(calls.find((c) => c.operation === 'RenameSubmission')?.variables).toEqual({ id: 's1', name: 'Oat Crunch' });
    expect(screen.getByText('Oat Crunch')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit product name' })));
  });

  it('Escape cancels without saving; Enter without a change saves nothing', async () => {
    const { operations } = renderDetail(buildSubmission({ productName: 'Tomato Soup' }), {
      answers: { RenameSubmission: renamed('x') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit product name' }));
    const input = screen.getByRole('textbox', { name: /Product name/ });
    expect((input as HTMLInputElement).value).toBe('Tomato Soup');
    fireEvent.change(input, { target: { value: 'Tomato Soup ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: /Product name/ })).toBeNull();
    expect(screen.getByText('Tomato Soup')).toBeTruthy();
    expect(operations()).not.toContain('RenameSubmission');
  });

  it('without the right to edit, the name is plain text', async () => {
    renderDetail(
      buildSubmission({
        productName: null,
        can: { review: false, editName: false, delete: false, appeal: false, resubmit: false, setTicket: false },
      }),
    );
    expect(await screen.findByText('Unnamed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADD_PRODUCT_NAME })).toBeNull();
  });
});

/** The submission with a photo added on resubmit, read for facts. */
function withReadPhoto(submission: ReturnType<typeof buildSubmission>) {
  return { ...submission, files: submission.files.map((f) => ({ ...f, factReadingStatus: 'done' })) };
}
