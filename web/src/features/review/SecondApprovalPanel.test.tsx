import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { APPROVAL_MSG, type ReviewPendingDecision } from '@portal/domain';
import { apiErrorMessage } from '../../api/api-events.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SecondApprovalPanel } from './SecondApprovalPanel.tsx';

const ID = '00000000-0000-4000-8000-000000000001';
const pending = (over: Partial<ReviewPendingDecision> = {}): ReviewPendingDecision => ({
  decision: 'reject',
  reason: 'The barcode is not readable on the photo.',
  reasonCode: 'BARCODE',
  commentCount: 2,
  proposedBy: { userId: 3, name: 'Riley Reviewer' },
  proposedAt: '2026-11-20T10:00:00.000Z',
  mine: false,
  ...over,
});

describe('a decision waiting for a second approval', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const answers: unknown[] = [];
  let refusal: string | null = null;
  beforeEach(() => {
    answers.length = 0;
    refusal = null;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes(`/review/approvals/${ID}`)) {
        const body = JSON.parse(String(init?.body)) as { action: string };
        answers.push(body);
        if (refusal) return jsonResponse(409, { code: 'CONFLICT', message: refusal });
        return jsonResponse(200, {
          id: ID,
          outcome: body.action === 'approve' ? 'approved' : 'sent_back',
          itemStatus: body.action === 'approve' ? 'ADMIN_REJECTED' : 'SUBMITTED',
        });
      }
      return jsonResponse(404, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows another reviewer's rejection with its reason, code and comments; Approve sends the approval", async () => {
    renderWithApp(<SecondApprovalPanel submissionId={ID} pending={pending()} />);
    const region = await screen.findByRole('region', { name: APPROVAL_MSG.waitingLabel });
    expect(region.textContent).toContain('Rejected by Riley Reviewer');
    expect(region.textContent).toContain('(BARCODE)');
    expect(region.textContent).toContain('Reason: The barcode is not readable on the photo.');
    expect(region.textContent).toContain('2 comments go with it.');
    fireEvent.click(screen.getByRole('button', { name: 'Approve rejection' }));
    await waitFor(() => expect(answers).toEqual([{ action: 'approve' }]));
  });

  it('another reviewer may send it back', async () => {
    renderWithApp(<SecondApprovalPanel submissionId={ID} pending={pending({ decision: 'accept', reason: null })} />);
    expect(await screen.findByRole('button', { name: 'Approve acceptance' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(answers).toEqual([{ action: 'send_back' }]));
  });

  it('the reviewer who decided is told a different reviewer must approve it, and can only withdraw it', async () => {
    renderWithApp(<SecondApprovalPanel submissionId={ID} pending={pending({ mine: true })} />);
    const region = await screen.findByRole('region', { name: APPROVAL_MSG.waitingLabel });
    expect(region.textContent).toContain('Rejected by you');
    expect(screen.getByText(APPROVAL_MSG.ownDecision)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my decision' }));
    await waitFor(() => expect(answers).toEqual([{ action: 'send_back' }]));
  });

  it('an approval another reviewer answered first says so in the words of the server, not that the server failed', async () => {
    refusal = APPROVAL_MSG.notWaiting;
    const shown: string[] = [];
    const stop = apiErrorMessage.subscribe((message) => shown.push(message));
    renderWithApp(<SecondApprovalPanel submissionId={ID} pending={pending()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve rejection' }));
    await waitFor(() => expect(shown).toEqual([APPROVAL_MSG.notWaiting]));
    stop();
  });
});
