import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { commentsAsReason, REVIEW_MSG } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { buildSubmission, fakeServer, type Answers } from './fake-server.test-helper.ts';
import { ResubmitConfirmationPage } from './ResubmitConfirmationPage.tsx';
import { ResubmitPage } from './ResubmitPage.tsx';
import type { Submission } from './submission-api.ts';

spyOnToasts();

const RESUBMIT = '/api/productSubmissions/resubmit';

const autoRejected = (over: Partial<Submission> = {}) =>
  buildSubmission({
    itemStatus: 'AUTO_REJECTED',
    statusDisplayName: 'Rejected automatically',
    rejectionReason: { message: REVIEW_MSG.barcodeMismatch('4006381333931', '0036000291452'), isAdminRejection: false },
    can: { review: false, editName: true, delete: true, appeal: true, resubmit: true, setTicket: false },
    ...over,
  });

const adminRejected = (over: Partial<Submission> = {}) =>
  autoRejected({
    itemStatus: 'ADMIN_REJECTED',
    rejectionReason: { message: 'The photo is blurry.', isAdminRejection: true },
    can: { review: false, editName: true, delete: true, appeal: false, resubmit: true, setTicket: false },
    ...over,
  });

function renderResubmit(submission: Submission, answers: Answers = {}) {
  const server = fakeServer({ SubmissionDetail: { data: { getProductSubmission: submission } }, ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/productSubmissions/:id/resubmit" element={<ResubmitPage />} />
      <Route path="/productSubmissions/:id/resubmit/confirmation" element={<ResubmitConfirmationPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: `/productSubmissions/${submission.id}/resubmit`, session: buildSession({ user: buildUser() }) },
  );
  const location = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, ...server, location };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const choose = (files: File[]) =>
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files } });
const resubmitButton = () => screen.getByRole('button', { name: /^(Resubmit product|Sending\.\.\.)$/ });

describe('Rejected submission', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    hideBanner();
  });

  it('shows status, last modified, the reason, and offers request validation for an automatic rejection', async () => {
    renderResubmit(autoRejected());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rejected submission' })).toBeTruthy();
    const facts = (await screen.findByText('Last modified')).closest('dl')!;
    expect(within(facts).getByText('Rejected automatically')).toBeTruthy();
    expect(within(facts).getByText('03/07/2025 4:05 pm')).toBeTruthy();
    expect(screen.getByText(REVIEW_MSG.barcodeMismatch('4006381333931', '0036000291452'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request validation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Submission Activity/ }).getAttribute('href')).toBe(
      '/activity/requires_action',
    );
    expect(screen.getByRole('button', { name: 'View front.png large' })).toBeTruthy();
  });

  it("says the reviewer's comments once: beside a reason of its own, not when the reason is the pointer to them", async () => {
    const comment = (text: string) => ({
      target: 'upc' as const,
      fileName: null,
      region: null,
      text,
      reasonCode: null,
      reason: null,
      by: 'Ada Admin',
      at: '2025-03-07T16:05:00Z',
    });
    const reviewComments = [comment('Check digit is off.'), comment('Typed twice?')];
    const first = renderResubmit(adminRejected({ reviewComments }));
    expect(await screen.findByText('The reviewer left 2 comments beside what to fix, below.')).toBeTruthy();
    first.unmount();

    renderResubmit(
      adminRejected({ reviewComments, rejectionReason: { message: commentsAsReason(2), isAdminRejection: true } }),
    );
    expect(await screen.findByText(commentsAsReason(2))).toBeTruthy();
    expect(screen.queryByText(/The reviewer left/)).toBeNull();
  });

  it('no request validation after a rejection by staff', async () => {
    renderResubmit(adminRejected());
    expect(await screen.findByText('The photo is blurry.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request validation' })).toBeNull();
  });

  it('an item that is not rejected goes to its detail', async () => {
    const { location } = renderResubmit(buildSubmission());
    await waitFor(() => expect(location()).toBe('/productSubmissions/s1'));
  });

  it('request validation appeals, returns to Pending Review and says so', async () => {
    const { location, calls } = renderResubmit(autoRejected(), {
      RequestValidation: { data: { requestValidation: buildSubmission() } },
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Request validation' })));
    await waitFor(() => expect(location()).toBe('/activity/pending?focus=s1'));
    expect(toast.success).toHaveBeenCalledWith("We'll re-evaluate your submission and be in touch soon.");
    expect(calls.find((c) => c.operation === 'RequestValidation')?.variables).toEqual({ id: 's1' });
  });

  it('the UPC field carries the hint, shows the GTIN-13 form and only keeps digits', async () => {
    renderResubmit(adminRejected());
    const upc = await screen.findByRole('textbox', { name: 'UPC' });
    // Stored as typed (12 digits), shown in the one form every list uses.
    expect((upc as HTMLInputElement).value).toBe('0036000291452');
    fireEvent.change(upc, { target: { value: '012345678905' } });
    fireEvent.blur(upc);
    expect((upc as HTMLInputElement).value).toBe('0012345678905');
    expect(screen.getByText('Must have 8 to 14 numeric characters.')).toBeTruthy();
    fireEvent.change(upc, { target: { value: '40-06 381a' } });
    expect((upc as HTMLInputElement).value).toBe('4006381');
    fireEvent.blur(upc);
    expect(
      screen.getByText('Must have 8 to 14 numeric characters.', { selector: '[id$="-error"] *, [id$="-error"]' }),
    ).toBeTruthy();
  });

  it('Resubmit product is disabled until a new file is chosen, and with an invalid UPC', async () => {
    renderResubmit(adminRejected());
    const upc = await screen.findByRole('textbox', { name: 'UPC' });
    expect(resubmitButton()).toHaveProperty('disabled', true);
    // A changed UPC alone is not enough: the new files replace the old ones.
    fireEvent.change(upc, { target: { value: '4006381333931' } });
    expect(resubmitButton()).toHaveProperty('disabled', true);
    choose([png('new.png')]);
    expect(within(screen.getByRole('list', { name: 'Chosen files' })).getByText('new.png')).toBeTruthy();
    expect(resubmitButton()).toHaveProperty('disabled', false);
    fireEvent.change(upc, { target: { value: '1234567' } });
    expect(resubmitButton()).toHaveProperty('disabled', true);
    fireEvent.change(upc, { target: { value: '036000291452' } });
    expect(resubmitButton()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove new.png' }));
    expect(resubmitButton()).toHaveProperty('disabled', true);
  });

  it("sends id, UPC and files, reads 'Sending...' meanwhile, then confirms", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls, location } = renderResubmit(adminRejected(), {
      [RESUBMIT]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('textbox', { name: 'UPC' });
    choose([png('new.png'), png('side.png')]);
    fireEvent.click(resubmitButton());
    await waitFor(() => expect(resubmitButton().textContent).toBe('Sending...'));
    expect(resubmitButton()).toHaveProperty('disabled', true);
    const form = calls.find((c) => c.url === RESUBMIT)!.body as FormData;
    expect(form.get('id')).toBe('s1');
    expect(form.get('upc')).toBe('0036000291452');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['new.png', 'side.png']);
    await act(async () => answer(jsonResponse(200, { id: 's1', itemStatus: 'SUBMITTED' })));
    await waitFor(() => expect(location()).toBe('/productSubmissions/s1/resubmit/confirmation'));
    expect(screen.getByText(REVIEW_MSG.resubmitted)).toBeTruthy();
    expect(REVIEW_MSG.resubmitted).toBe(
      'Thank you for your re-submission. Our team will review the product information and make updates. Please check your email for any updates.',
    );
  });

  it('a refused resubmission enables the button again, with the server message under the UPC and no banner', async () => {
    const { location } = renderResubmit(adminRejected(), {
      [RESUBMIT]: jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: "GS1 reserves UPC for retailers' use.",
        fields: { upc: "GS1 reserves UPC for retailers' use." },
      }),
    });
    await screen.findByRole('textbox', { name: 'UPC' });
    choose([png('new.png')]);
    await act(async () => fireEvent.click(resubmitButton()));
    expect((await screen.findByRole('alert')).textContent).toBe("Error: GS1 reserves UPC for retailers' use.");
    expect(resubmitButton()).toHaveProperty('disabled', false);
    expect(resubmitButton().textContent).toBe('Resubmit product');
    expect(location()).toBe('/productSubmissions/s1/resubmit');
    expect(getBanner()).toBeNull();
  });

  it('a server failure re-enables the button and says nothing', async () => {
    renderResubmit(adminRejected(), { [RESUBMIT]: jsonResponse(500, { code: 'INTERNAL', message: 'x' }) });
    await screen.findByRole('textbox', { name: 'UPC' });
    choose([png('new.png')]);
    await act(async () => fireEvent.click(resubmitButton()));
    await waitFor(() => expect(resubmitButton()).toHaveProperty('disabled', false));
    expect(getBanner()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('product facts', () => {
    const withFacts = () =>
      adminRejected({
        facts: {
          basis: 'serving',
          servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
          servingsPerContainer: null,
          calories: 230,
          energyKj: null,
          nutrients: [{ key: 'sodium', amount: 510, unit: 'MGM', dailyValuePercent: 22 }],
          netContent: null,
          ingredients: 'Whole grain oats.',
          allergens: null,
        },
        factSources: [{ field: 'sodium', source: 'photo', fileName: 'panel.png', region: null }],
        reviewComments: [
          {
            target: 'sodium',
            fileName: 'panel.png',
            region: { x: 0.1, y: 0.5, w: 0.4, h: 0.05 },
            text: 'The panel says 150 mg.',
            by: 'Ada Admin',
            at: '2025-03-07T16:05:00Z',
          },
        ],
      } as Partial<Submission>);
    const sodium = () => screen.getByRole('textbox', { name: 'Sodium (mg)' });

    it("start from the submission's, with the reviewer's comment beside the fact it is on", async () => {
      renderResubmit(withFacts());
      expect(((await screen.findByRole('textbox', { name: 'Sodium (mg)' })) as HTMLInputElement).value).toBe('510');
      expect((screen.getByRole('textbox', { name: 'Calories' }) as HTMLInputElement).value).toBe('230');
      const field = sodium().closest('[data-fact="sodium"]') as HTMLElement;
      expect(within(field).getByRole('list', { name: "Reviewer's comments on the sodium" }).textContent).toBe(
        'Reviewer: The panel says 150 mg. (marked on panel.png)',
      );
      expect(within(field).getByText('From the photo')).toBeTruthy();
    });

    it('says what the nutrients are per: per 100 g for facts read from an EU table', async () => {
      const facts = { ...withFacts().facts!, basis: '100g' };
      renderResubmit({ ...withFacts(), facts });
      expect(await screen.findByRole('heading', { name: 'Nutrients per 100 g' })).toBeTruthy();
    });

    it('sends the corrected facts with the resubmission, the others as they were', async () => {
      const { calls } = renderResubmit(withFacts(), {
        [RESUBMIT]: jsonResponse(200, { id: 's1', itemStatus: 'SUBMITTED' }),
      });
      await screen.findByRole('textbox', { name: 'Sodium (mg)' });
      choose([png('new.png')]);
      fireEvent.change(sodium(), { target: { value: '150' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Sodium % Daily Value' }), { target: { value: '7' } });
      await act(async () => fireEvent.click(resubmitButton()));
      await waitFor(() => expect(calls.some((c) => c.url === RESUBMIT)).toBe(true));
      const form = calls.find((c) => c.url === RESUBMIT)!.body as FormData;
      const sent = JSON.parse(form.get('facts') as string);
      expect(sent.nutrients.sodium).toEqual({ amount: 150, unit: 'MGM', dailyValuePercent: 7 });
      // The other values go as they were.
      expect(sent.calories).toBe(230);
      expect(sent.ingredients).toBe('Whole grain oats.');
    });

    it('leaves the facts out when none changed', async () => {
      const { calls } = renderResubmit(withFacts(), {
        [RESUBMIT]: jsonResponse(200, { id: 's1', itemStatus: 'SUBMITTED' }),
      });
      await screen.findByRole('textbox', { name: 'Sodium (mg)' });
      choose([png('new.png')]);
      await act(async () => fireEvent.click(resubmitButton()));
      await waitFor(() => expect(calls.some((c) => c.url === RESUBMIT)).toBe(true));
      expect((calls.find((c) => c.url === RESUBMIT)!.body as FormData).has('facts')).toBe(false);
    });

    it('a value the shared schema refuses says what to fix, and nothing is sent', async () => {
      const { calls } = renderResubmit(withFacts());
      await screen.findByRole('textbox', { name: 'Sodium (mg)' });
      choose([png('new.png')]);
      fireEvent.change(screen.getByRole('textbox', { name: 'Calories' }), { target: { value: 'lots' } });
      await act(async () => fireEvent.click(resubmitButton()));
      expect(await screen.findByText('Enter a number (e.g. 230).')).toBeTruthy();
      expect(calls.some((c) => c.url === RESUBMIT)).toBe(false);
      expect(resubmitButton()).toHaveProperty('disabled', false);
    });
  });
});
