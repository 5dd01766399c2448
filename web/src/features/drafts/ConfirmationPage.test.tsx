import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { trackSubmittedCounts } from '../../analytics/analytics.ts';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ConfirmationPage, receivedText, type ConfirmationState } from './ConfirmationPage.tsx';

vi.mock('../../analytics/analytics.ts', () => ({ trackSubmittedCounts: vi.fn() }));

const state: ConfirmationState = { submissionIds: ['s1', 's2'], upcCount: 2, fileCount: 3 };

async function renderConfirmation({
  withState = true,
  partnerId = null as number | null,
  sessionPartner = null as number | null,
} = {}) {
  const prefix = partnerId ? `/${partnerId}` : '';
  const view = renderWithApp(
    <Routes>
      <Route path={`${prefix}/upload/draft/:id/confirmation`} element={<ConfirmationPage />} />
    </Routes>,
    {
      path: '/start',
      partnerId,
      session: buildSession({ user: buildUser({ sessionPartnerCompanyId: sessionPartner }) }),
    },
  );
  await act(() => view.router.navigate(`${prefix}/upload/draft/d1/confirmation`, withState ? { state } : undefined));
  return view;
}

describe('Confirmation', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, {
          id: 1,
          companyId: 30443,
          companyName: 'FRESH MARKET GROCERS',
          productName: { required: true },
        }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(trackSubmittedCounts).mockReset();
    localStorage.clear();
  });

  it('says how many products were received, that they are being reviewed, and links to the activity page', async () => {
    await renderConfirmation();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmation' })).toBeTruthy();
    expect(receivedText(1)).toBe('Product Hub has received 1 product.');
    expect(receivedText(2)).toBe('Product Hub has received 2 products.');
    expect(screen.getByText('Product Hub has received 2 products.')).toBeTruthy();
    expect(screen.getByText('The information is being reviewed by automated systems and/or staff.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Activity Page' }).getAttribute('href')).toBe('/activity');
    // No partner company known: no way on to the bulk edit.
    expect(screen.queryByRole('link', { name: /Continue with Submission/ })).toBeNull();
  });

  it('offers to continue with the submission to the session partner, carrying the new ids', async () => {
    await renderConfirmation({ partnerId: 30443, sessionPartner: 30443 });
    const link = await screen.findByRole('link', { name: 'Continue with Submission to Fresh Market Grocers' });
    expect(link.getAttribute('href')).toBe('/30443/edit-multiple?productSubmissionIds=s1,s2');
    expect(screen.getByRole('link', { name: 'Go to Activity Page' }).getAttribute('href')).toBe('/30443/activity');
  });

  it('sends the analytics event once, with the UPC and file counts', async () => {
    const first = await renderConfirmation();
    expect(trackSubmittedCounts).toHaveBeenCalledExactlyOnceWith({ upcCount: 2, fileCount: 3 });
    first.unmount();
    // The same confirmation again (a reload keeps the navigation state): not counted twice.
    await renderConfirmation();
    expect(trackSubmittedCounts).toHaveBeenCalledOnce();
  });

  it('after a reload without navigation state, counts the ids kept in the browser and sends nothing', async () => {
    localStorage.setItem('product-submission-ids', JSON.stringify(['s1', 's2', 's3']));
    await renderConfirmation({ withState: false });
    expect(screen.getByText('Product Hub has received 3 products.')).toBeTruthy();
    expect(trackSubmittedCounts).not.toHaveBeenCalled();
  });
});
