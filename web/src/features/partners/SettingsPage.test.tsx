import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_SCOPES, SEARCH_DEBOUNCE_MS } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer } from '../submissions/fake-server.test-helper.ts';
import { buildConfiguration } from './partners.test-helper.ts';
import { COMPANY_SEARCH_LABEL, SETTINGS_SUBTITLE, SettingsPage } from './SettingsPage.tsx';

spyOnToasts();

// A page of 43 switches renders slowly in a simulated DOM on a busy machine: wait longer than the 1 s default.

const existing = buildConfiguration({
  id: 1,
  companyId: 30443,
  companyName: 'FRESH MARKET GROCERS',
  landingPageEnabled: false,
});

function renderSettings() {
  const server = fakeServer({
    PartnerConfigurations: { data: { getPartnerConfigurations: [existing] } },
    SearchCompaniesByName: ({ name }: Record<string, unknown>) => ({
      data: {
        searchCompaniesByName: String(name).toLowerCase().startsWith('north')
          ? [{ id: 30500, name: 'NORTHSIDE MARKET CO-OP' }]
          : [],
      },
    }),
    CreatePartnerConfiguration: ({ companyId }: Record<string, unknown>) => ({
      data: { createPartnerConfiguration: buildConfiguration({ id: 2, companyId: Number(companyId) }) },
    }),
  });
  renderWithApp(<SettingsPage />, {
    path: '/settings',
    session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }),
  });
  return server;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Partner configurations' }))
    .getAllByRole('row')
    .slice(1);

describe('Settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the configurations: Entity links to the configuration, Company Id, Landing Page Status', async () => {
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText(SETTINGS_SUBTITLE)).toBeTruthy();
    await screen.findByRole('link', { name: 'Fresh Market Grocers' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Entity',
      'Company Id',
      'Landing Page Status',
    ]);
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([['Fresh Market Grocers', '30443', 'Off']]);
    expect(screen.getByRole('link', { name: 'Fresh Market Grocers' }).getAttribute('href')).toBe('/settings/1');
  });

  it('searches companies 1000 ms after typing stops; Add creates the configuration and puts it at the top', async () => {
    const { calls } = renderSettings();
    await screen.findByRole('link', { name: 'Fresh Market Grocers' });
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    const search = screen.getByLabelText(COMPANY_SEARCH_LABEL, { selector: 'input' });
    search.focus();
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'nor' } });
    fireEvent.change(search, { target: { value: 'north' } });
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 2));
    expect(calls.filter((c) => c.operation === 'SearchCompaniesByName')).toHaveLength(0);
    const option = await screen.findByRole('option', { name: 'Northside Market Co-op' });
    // One search, for what was typed last.
    expect(calls.filter((c) => c.operation === 'SearchCompaniesByName').map((c) => c.variables.name)).toEqual([
      'north',
    ]);

    fireEvent.click(option);
    await waitFor(() => expect(add.disabled).toBe(false));
    // A double click adds once.
    fireEvent.click(add);
    fireEvent.click(add);
    await screen.findByRole('link', { name: 'Northside Market Co-op' });
    expect(calls.filter((c) => c.operation === 'CreatePartnerConfiguration').map((c) => c.variables)).toEqual([
      { companyId: 30500 },
    ]);
    expect(toast.error).not.toHaveBeenCalled();
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Northside Market Co-op', '30500', 'On'],
      ['Fresh Market Grocers', '30443', 'Off'],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Northside Market Co-op added');
  });
});
