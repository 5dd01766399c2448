import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { VENDOR_AUTH_MSG, VENDOR_AUTH_PROMPT_MS, VENDOR_CLAIMS } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { VendorAuthorizationPage } from './VendorAuthorizationPage.tsx';
import { VENDOR_AUTH_PROMPT_ID, VendorAuthorizationPrompt } from './VendorAuthorizationPrompt.tsx';

spyOnToasts();
// Spies on the one notifications object, not a module stand-in: the file then shares its worker's loaded modules
// (web/vitest.projects.ts).
beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('');
  vi.spyOn(notifications, 'hide').mockReturnValue('');
});
afterEach(() => {
  vi.mocked(notifications.show).mockRestore();
  vi.mocked(notifications.hide).mockRestore();
});

const PARTNER = {
  id: 1,
  companyId: 30443,
  companyName: 'FRESH MARKET GROCERS',
  partnerLogoFileName: null,
  primaryColor: '#2e7d32',
  secondaryColor: null,
  landingPageEnabled: true,
};

describe('vendor authorization form', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/partner-configuration')
        ? jsonResponse(200, PARTNER)
        : jsonResponse(200, buildUser({ tcAcceptanceDate: new Date().toISOString() })),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    sessionStorage.clear();
  });

  const checkboxes = () => screen.getAllByRole('checkbox');
  const submit = () => screen.getByRole('button', { name: 'Accept and Submit' });

  it('shows the six claims naming the retail partner, including the sample-address and free-fill claims', async () => {
    renderWithApp(<VendorAuthorizationPage />, {
      session: buildSession({ user: buildUser({ sessionPartnerCompanyId: 30443 }) }),
    });
    expect(await screen.findByText(/samples to Fresh Market Grocers' sample address/)).toBeTruthy();
    expect(checkboxes()).toHaveLength(VENDOR_CLAIMS.length);
    expect(screen.getByText(/free fill is either product .* or a fee/)).toBeTruthy();
    expect(checkboxes().every((c) => (c as HTMLInputElement).required)).toBe(true);
  });

  it('"Accept and Submit" is enabled only when all six are checked (valid and changed); messages for unchecked claims', async () => {
    renderWithApp(<VendorAuthorizationPage />, {
      session: buildSession({ user: buildUser({ sessionPartnerCompanyId: 30443 }) }),
    });
    await screen.findByText(/Fresh Market Grocers' sample address/);
    expect(submit()).toHaveProperty('disabled', true);
    for (const box of checkboxes().slice(0, 5)) fireEvent.click(box);
    expect(await screen.findByText(VENDOR_AUTH_MSG.agreeToTerms)).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
    // Unchecking one again: its own message.
    fireEvent.click(checkboxes()[0]);
    expect((await screen.findAllByText(VENDOR_AUTH_MSG.fieldMustBeChecked)).length).toBeGreaterThanOrEqual(1);
    fireEvent.click(checkboxes()[0]);
    fireEvent.click(checkboxes()[5]);
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(screen.queryByText(VENDOR_AUTH_MSG.agreeToTerms)).toBeNull();
  });

  it("'Field must be checked' under each claim still unchecked once the user has started (issue 17 item 9)", async () => {
    renderWithApp(<VendorAuthorizationPage />, {
      session: buildSession({ user: buildUser({ sessionPartnerCompanyId: 30443 }) }),
    });
    await screen.findByText(/Fresh Market Grocers' sample address/);
    expect(screen.queryByText(VENDOR_AUTH_MSG.fieldMustBeChecked)).toBeNull();
    for (const box of checkboxes().slice(0, 5)) fireEvent.click(box);
    await screen.findByText(VENDOR_AUTH_MSG.agreeToTerms);
    const messages = await screen.findAllByText(VENDOR_AUTH_MSG.fieldMustBeChecked);
    expect(messages).toHaveLength(1);
    expect(messages[0].textContent).toBe(`Error: ${VENDOR_AUTH_MSG.fieldMustBeChecked}`);
    expect(checkboxes()[5].getAttribute('aria-describedby')).toContain(messages[0].id);
  });

  it('sends PUT /api/user/accept-terms-and-conditions, then goes to / with a toast naming the retail partner', async () => {
    const session = buildSession({ user: buildUser({ sessionPartnerCompanyId: 30443 }) });
    const { router } = renderWithApp(<VendorAuthorizationPage />, {
      path: '/vendor-authorization',
      session,
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    await screen.findByText(/Fresh Market Grocers' sample address/);
    for (const box of checkboxes()) fireEvent.click(box);
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const put = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/accept-terms-and-conditions')!;
    expect(put[1]?.method).toBe('PUT');
    expect(session.updateUser).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Your vendor authorization for Fresh Market Grocers was saved.');
  });
});

describe('vendor authorization prompt', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () => jsonResponse(200, PARTNER));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    sessionStorage.clear();
  });

  it('warns a user on partner 30443 who has not accepted, for 10 seconds, with a link to the form, once', async () => {
    const user = buildUser({ sessionPartnerCompanyId: 30443, tcAcceptanceDate: null });
    const first = renderWithApp(<VendorAuthorizationPrompt />, { session: buildSession({ user }) });
    await waitFor(() => expect(notifications.show).toHaveBeenCalledOnce());
    const shown = vi.mocked(notifications.show).mock.calls[0][0];
    expect(shown).toMatchObject({ id: VENDOR_AUTH_PROMPT_ID, color: 'yellow', autoClose: VENDOR_AUTH_PROMPT_MS });
    expect(VENDOR_AUTH_PROMPT_MS).toBe(10000);
    first.unmount();
    renderWithApp(<>{shown.message}</>, { session: buildSession({ user }) });
    expect(screen.getByRole('link', { name: VENDOR_AUTH_MSG.promptLink }).getAttribute('href')).toBe(
      '/vendor-authorization',
    );
    expect(screen.getByText(/Fresh Market Grocers needs your vendor authorization/)).toBeTruthy();
    // Not again on the next screen of the same session.
    renderWithApp(<VendorAuthorizationPrompt />, { session: buildSession({ user }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(notifications.show).toHaveBeenCalledOnce();
  });

  it('does not warn on the form itself, and takes the warning away there and once accepted', async () => {
    const user = buildUser({ sessionPartnerCompanyId: 30443, tcAcceptanceDate: null });
    renderWithApp(<VendorAuthorizationPrompt />, { path: '/vendor-authorization', session: buildSession({ user }) });
    // Both effects run in one commit: once the hide has run, the show was already passed over.
    await waitFor(() => expect(notifications.hide).toHaveBeenCalledWith(VENDOR_AUTH_PROMPT_ID));
    expect(notifications.show).not.toHaveBeenCalled();
    vi.mocked(notifications.hide).mockClear();
    renderWithApp(<VendorAuthorizationPrompt />, {
      path: '/activity',
      session: buildSession({ user: { ...user, tcAcceptanceDate: '2026-01-01T00:00:00Z' } }),
    });
    await waitFor(() => expect(notifications.hide).toHaveBeenCalledWith(VENDOR_AUTH_PROMPT_ID));
  });

  it('does not warn users who accepted, or users of other partners', async () => {
    renderWithApp(<VendorAuthorizationPrompt />, {
      session: buildSession({
        user: buildUser({ sessionPartnerCompanyId: 30443, tcAcceptanceDate: '2026-01-01T00:00:00Z' }),
      }),
    });
    renderWithApp(<VendorAuthorizationPrompt />, {
      session: buildSession({ user: buildUser({ id: 77, sessionPartnerCompanyId: 555, companyId: 9 }) }),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
