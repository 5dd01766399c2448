import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SUPPORT_TICKET_MSG } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { toast } from '../../ui/toast.ts';
import { buildSubmission, fakeServer } from './fake-server.test-helper.ts';
import { SupportTicket } from './SupportTicket.tsx';
import type { Submission } from './submission-api.ts';

spyOnToasts();

const staffCan = { review: true, editName: true, delete: true, appeal: false, resubmit: false, setTicket: true };
const render = (submission: Submission) =>
  renderWithApp(<SupportTicket submission={submission} />, { session: buildSession({ user: buildUser() }) });

describe('SupportTicket', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('staff add a ticket: its id and https address are sent, and the link opens it in a new tab', async () => {
    const { calls } = fakeServer({
      SetSupportTicket: (v: Record<string, unknown>) => ({
        data: {
          setSubmissionSupportTicket: buildSubmission({
            can: staffCan,
            zendeskTicketId: v.ticketId as string,
            zendeskTicketUrl: v.ticketUrl as string,
          }),
        },
      }),
    });
    render(buildSubmission({ can: staffCan }));
    fireEvent.click(screen.getByRole('button', { name: 'Add support ticket' }));
    const form = screen.getByRole('form', { name: 'Support ticket' });
    fireEvent.change(within(form).getByLabelText('Ticket id'), { target: { value: 'ZD-48213' } });
    fireEvent.change(within(form).getByLabelText(/Ticket link/), { target: { value: 'ftp://support.example/48213' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save ticket' }));
    expect(await within(form).findByText(SUPPORT_TICKET_MSG.url)).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/Ticket link/), {
      target: { value: 'https://support.example/48213' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save ticket' }));
    await waitFor(() => expect(calls.map((c) => c.variables)).toHaveLength(1));
    expect(calls[0].variables).toEqual({ id: 's1', ticketId: 'ZD-48213', ticketUrl: 'https://support.example/48213' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SUPPORT_TICKET_MSG.saved));
  });

  it('shows the link with an edit for staff who may change it, and only the link for others', () => {
    const ticket = { zendeskTicketId: 'ZD-7', zendeskTicketUrl: 'https://support.example/7' };
    const { unmount } = render(buildSubmission({ ...ticket, can: staffCan }));
    const link = screen.getByRole('link', { name: /Ticket ZD-7/ });
    expect(link.getAttribute('href')).toBe('https://support.example/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Edit ticket' })).toBeTruthy();
    unmount();
    render(buildSubmission({ ...ticket, can: { ...staffCan, setTicket: false } }));
    expect(screen.getByRole('link', { name: /Ticket ZD-7/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /ticket/i })).toBeNull();
  });

  it('Remove ticket clears both parts', async () => {
    const { calls } = fakeServer({
      SetSupportTicket: { data: { setSubmissionSupportTicket: buildSubmission({ can: staffCan }) } },
    });
    render(buildSubmission({ zendeskTicketId: 'ZD-7', zendeskTicketUrl: null, can: staffCan }));
    expect(screen.getByText('Ticket ZD-7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit ticket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove ticket' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SUPPORT_TICKET_MSG.removed));
    expect(calls[0].variables).toEqual({ id: 's1', ticketId: null, ticketUrl: null });
    // The form closes; the page shows the item as the server answered it (submissionChanged).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Support ticket' })).toBeNull());
  });
});
