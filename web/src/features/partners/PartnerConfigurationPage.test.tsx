import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  ALL_SCOPES,
  PARTNER_FIELDS,
  PARTNER_SETTINGS_MSG,
  PHOTO_BLOCK_MSG,
  PHOTO_LINE_MSG,
  resolvedFieldRules,
} from '@portal/domain';
import { uploadFiles } from '../../api/upload-files.ts';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import { LandingPagePreviewPage } from './LandingPagePreviewPage.tsx';
import {
  LOGO_HELP,
  PartnerConfigurationPage,
  SAVE_FAILED_MESSAGE,
  SAVED_MESSAGE,
} from './PartnerConfigurationPage.tsx';
import type { SettingsConfiguration } from './partners-api.ts';
import { buildConfiguration } from './partners.test-helper.ts';
import { SLA_MSG } from './ReviewWorkflowSection.tsx';

spyOnToasts();
vi.mock('../../api/upload-files.ts', () => ({ uploadFiles: vi.fn() }));

// A page of 43 switches renders slowly in a simulated DOM on a busy machine: wait longer than the 1 s default.

function renderPage(config: SettingsConfiguration | null, answers: Answers = {}, path = '/settings/7') {
  const server = fakeServer({ PartnerConfiguration: { data: { getPartnerConfiguration: config } }, ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/settings" element={<p>Settings list</p>} />
      <Route path="/settings/:id" element={<PartnerConfigurationPage />} />
      <Route path="/settings/:id/landing-page" element={<LandingPagePreviewPage />} />
    </Routes>,
    { path, session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }) },
  );
  return { ...view, ...server };
}

// Label queries: role queries with names are slow on a page of 43 switches in a simulated DOM.
const loaded = () => screen.findByLabelText('Landing page', { selector: 'input' });
const toggle = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const save = () => screen.getByText(/^Sav/).closest('button') as HTMLButtonElement;

// 60 s: the page has some 50 switches, and getByRole walks them all in a simulated DOM on a busy machine.
describe('Customize New Item Intake', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(uploadFiles).mockReset();
  });

  it('shows the colours, the logo help, the landing page switch and the five sections, every flag on by default', async () => {
    renderPage(buildConfiguration());
    await loaded();
    expect(screen.getByLabelText(/^Primary colour/)).toHaveProperty('required', true);
    expect(screen.getByLabelText(/^Button colour/)).toBeTruthy();
    expect(screen.getByText(LOGO_HELP)).toBeTruthy();
    expect(toggle('Landing page').checked).toBe(true);
    for (const title of ['Core/Basic', 'Multi-edit Basic Attribute', 'Placement', 'Pricing', 'Promotion']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    }
    const all = screen.getAllByRole('switch') as HTMLInputElement[];
    const photoChecks = all.filter((s) => s.getAttribute('aria-label')?.endsWith(' blocks Submit'));
    const switches = all.filter((s) => !photoChecks.includes(s));
    // 17 fields with both flags, 3 required-only, 2 visible-only, 3 section flags, the landing page, the undo window.
    expect(switches).toHaveLength(17 * 2 + 3 + 2 + 3 + 1 + 1);
    expect(switches.every((s) => s.checked)).toBe(true);
    // Issue 20: one switch per photo check, none blocking by default.
    expect(screen.getByRole('heading', { level: 2, name: PHOTO_BLOCK_MSG.switchesTitle })).toBeTruthy();
    expect(photoChecks).toHaveLength(7);
    expect(photoChecks.some((s) => s.checked)).toBe(false);
    expect(PARTNER_FIELDS).toHaveLength(22);
    expect(screen.getByRole('link', { name: '← Back to Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('link', { name: 'View landing page' }).getAttribute('href')).toBe(
      '/settings/7/landing-page',
    );
  });

  it('switching required on makes the field visible; switching visible off clears required', async () => {
    renderPage(buildConfiguration());
    await loaded();
    fireEvent.click(toggle('MSRP visible'));
    expect(toggle('MSRP visible').checked).toBe(false);
    expect(toggle('MSRP required').checked).toBe(false);

    fireEvent.click(toggle('MSRP required'));
    expect(toggle('MSRP required').checked).toBe(true);
    expect(toggle('MSRP visible').checked).toBe(true);

    // Required off leaves the field visible.
    fireEvent.click(toggle('MSRP required'));
    expect(toggle('MSRP visible').checked).toBe(true);
    expect(toggle('MSRP required').checked).toBe(false);
  });

  it("turning a section off disables its fields' switches, and only that section's", async () => {
    renderPage(buildConfiguration());
    await loaded();
    fireEvent.click(toggle('Show Pricing fields'));
    const pricing = screen.getByText('Pricing', { selector: 'h2' }).closest('section') as HTMLElement;
    const fieldSwitches = within(pricing)
      .getAllByRole('switch')
      .filter((s) => s.getAttribute('aria-label'));
    expect(fieldSwitches).toHaveLength(10);
    for (const s of fieldSwitches) expect((s as HTMLInputElement).disabled).toBe(true);
    expect(toggle('Height visible').disabled).toBe(false);
    expect(toggle('Product name required').disabled).toBe(false);
    fireEvent.click(toggle('Show Pricing fields'));
    expect(toggle('MSRP visible').disabled).toBe(false);
  });

  it('reads stored flags, and a stored section off disables its fields', async () => {
    const rules = resolvedFieldRules({ productName: { required: false }, fob: { visible: false, required: false } });
    renderPage(buildConfiguration({ fieldRules: rules, promotionFieldsVisible: false }));
    await loaded();
    expect(toggle('Product name required').checked).toBe(false);
    expect(toggle('FOB cost visible').checked).toBe(false);
    expect(toggle('Show Promotion fields').checked).toBe(false);
    expect(toggle('TPR required').disabled).toBe(true);
  });

  it('enables Save only when the form is changed and valid; changing back disables it again', async () => {
    renderPage(buildConfiguration());
    await loaded();
    expect(save().disabled).toBe(true);

    fireEvent.click(toggle('Shipping profile required'));
    expect(save().disabled).toBe(false);
    fireEvent.click(toggle('Shipping profile required'));
    expect(save().disabled).toBe(true);

    const primary = screen.getByLabelText(/^Primary colour/);
    fireEvent.change(primary, { target: { value: '' } });
    fireEvent.blur(primary);
    expect(await screen.findByText(PARTNER_SETTINGS_MSG.primaryColorRequired)).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(primary, { target: { value: 'red; background: url(x)' } });
    expect(await screen.findByText(PARTNER_SETTINGS_MSG.hexColour)).toBeTruthy();
    expect(save().disabled).toBe(true);

    fireEvent.change(primary, { target: { value: '#aa3300' } });
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('sets the review SLA and the second approval of rejections; a wrong SLA keeps Save off and says why', async () => {
    const { calls } = renderPage(buildConfiguration(), {
      UpdatePartnerConfiguration: async () => ({
        data: { updatePartnerConfiguration: buildConfiguration({ reviewSlaHours: 48, secondApproval: 'reject' }) },
      }),
    });
    await loaded();
    expect(screen.getByRole('heading', { level: 2, name: 'Review' })).toBeTruthy();
    const sla = screen.getByLabelText('Review SLA (hours)');
    fireEvent.change(sla, { target: { value: '9999' } });
    expect(await screen.findByText(SLA_MSG)).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(sla, { target: { value: '48' } });
    fireEvent.click(screen.getByLabelText('Second approval', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'For rejections' }));
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_MESSAGE));
    const update = calls.find((c) => c.operation === 'UpdatePartnerConfiguration')!;
    expect(update.variables.input).toMatchObject({ reviewSlaHours: 48, secondApproval: 'reject', decisionUndo: true });
  });

  it('refuses a logo that is not an image before sending anything', async () => {
    renderPage(buildConfiguration());
    await loaded();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(PARTNER_SETTINGS_MSG.logoNotImage)).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it("saves the update with every flag, then the logo, reads 'Saving' while busy and confirms in a toast", async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls } = renderPage(buildConfiguration(), {
      UpdatePartnerConfiguration: async (variables: Record<string, unknown>) => {
        await answered;
        const input = variables.input as { primaryColor: string };
        return {
          data: {
            updatePartnerConfiguration: buildConfiguration({
              primaryColor: input.primaryColor,
              landingPageEnabled: false,
            }),
          },
        };
      },
    });
    vi.mocked(uploadFiles).mockResolvedValue({ partnerLogoFileName: 'logo.png' });
    await loaded();

    fireEvent.click(toggle('Landing page'));
    fireEvent.click(toggle('Shipping profile required'));
    fireEvent.click(toggle('Show Promotion fields'));
    fireEvent.click(toggle('Blurry blocks Submit'));
    // The low-resolution line: out of range keeps Save off and says why; a line in range is sent.
    const line = screen.getByLabelText(PHOTO_BLOCK_MSG.lineLabel);
    fireEvent.change(line, { target: { value: '20' } });
    expect(await screen.findByText(PHOTO_LINE_MSG)).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(line, { target: { value: '1600' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [logo] } });
    fireEvent.click(save());

    await waitFor(() => expect(save().textContent).toBe('Saving'));
    expect(save().disabled).toBe(true);
    expect(uploadFiles).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_MESSAGE));

    const update = calls.find((c) => c.operation === 'UpdatePartnerConfiguration')!;
    const input = update.variables.input as {
      landingPageEnabled: boolean;
      secondaryColor: string | null;
      fieldRules: { field: string; visible?: boolean; required?: boolean }[];
      promotionFieldsVisible: boolean;
      blockingPhotoChecks: string[];
      minImageLongSidePx: number;
    };
    expect(update.variables.partnerConfigurationId).toBe(7);
    expect(input.minImageLongSidePx).toBe(1600);
    expect(input.blockingPhotoChecks).toEqual(['BLURRY']);
    expect(input.landingPageEnabled).toBe(false);
    expect(input.secondaryColor).toBeNull();
    expect(input.promotionFieldsVisible).toBe(false);
    expect(input.fieldRules).toHaveLength(22);
    expect(input.fieldRules.find((r) => r.field === 'shippingProfile')).toEqual({
      field: 'shippingProfile',
      required: false,
    });
    expect(input.fieldRules.find((r) => r.field === 'msrp')).toEqual({ field: 'msrp', visible: true, required: true });
    expect(uploadFiles).toHaveBeenCalledWith(
      '/partner-configurations/7/logo',
      [logo],
      expect.objectContaining({ field: 'file' }),
    );
    // Saved: nothing left to save.
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(save().textContent).toBe('Save');
  });

  it('each save says which save it was made from, so a save by someone else meanwhile is refused and said', async () => {
    let saves = 0;
    const { calls } = renderPage(buildConfiguration({ updatedDate: '2026-11-20T10:00:00.000Z' }), {
      UpdatePartnerConfiguration: () =>
        ++saves === 1
          ? {
              data: {
                updatePartnerConfiguration: buildConfiguration({
                  landingPageEnabled: false,
                  updatedDate: '2026-11-20T10:05:00.000Z',
                }),
              },
            }
          : graphqlError('CONFLICT', PARTNER_SETTINGS_MSG.changedMeanwhile),
    });
    await loaded();
    fireEvent.click(toggle('Landing page'));
    fireEvent.click(save());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SAVED_MESSAGE));
    fireEvent.click(toggle('Landing page'));
    fireEvent.click(save());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(`${SAVE_FAILED_MESSAGE}: ${PARTNER_SETTINGS_MSG.changedMeanwhile}`),
    );
    const sent = calls
      .filter((c) => c.operation === 'UpdatePartnerConfiguration')
      .map((c) => (c.variables.input as { lastUpdatedDate: string }).lastUpdatedDate);
    expect(sent).toEqual(['2026-11-20T10:00:00.000Z', '2026-11-20T10:05:00.000Z']);
    // Nothing the administrator changed is thrown away.
    expect(toggle('Landing page').checked).toBe(true);
  });

  it('keeps the changes and says so when saving fails, without uploading the logo', async () => {
    renderPage(buildConfiguration(), {
      UpdatePartnerConfiguration: graphqlError('BAD_REQUEST', 'primaryColor: Must be a hex colour such as #1f5f8b.'),
    });
    await loaded();
    fireEvent.click(toggle('Landing page'));
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] },
    });
    fireEvent.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringContaining(SAVE_FAILED_MESSAGE)));
    expect(uploadFiles).not.toHaveBeenCalled();
    expect(toggle('Landing page').checked).toBe(false);
    expect(save().disabled).toBe(false);
  });

  it('sends an unknown configuration to /settings', async () => {
    renderPage(null);
    expect(await screen.findByText('Settings list')).toBeTruthy();
  });

  it('previews the landing page view-only, and a missing configuration goes to /settings', async () => {
    const first = renderPage(buildConfiguration({ secondaryColor: '#ffcc00' }), {}, '/settings/7/landing-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Landing page preview: Northside Market Co-op' }),
    ).toBeTruthy();
    expect(screen.getByText('Submit your products to Northside Market Co-op for consideration')).toBeTruthy();
    expect(screen.getByText('Powered By')).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();

    renderPage(null, {}, '/settings/7/landing-page');
    expect(await screen.findByText('Settings list')).toBeTruthy();
  });
});
