import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCOPES, SHIPPING_PROFILE_MSG } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import { COMPANY_SEARCH_FAILED, COMPANY_SEARCH_PLACEHOLDER } from './CompanySearch.tsx';
import { CHOOSE_COMPANY, ShippingProfilesPage } from './ShippingProfilesPage.tsx';
import { PROFILE_CREATED } from './ShippingProfileDialog.tsx';
import { buildProfile } from './shipping.test-helper.ts';

spyOnToasts();

const ADMIN = [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions, SCOPES.readPartnerConfigurations];

function renderList({ scopes = [] as string[], path = '/shippingProfiles', answers = {} as Answers } = {}) {
  const server = fakeServer({ ShippingProfiles: { data: { getShippingProfileForCurrentUser: [] } }, ...answers });
  renderWithApp(<ShippingProfilesPage />, {
    path,
    session: buildSession({ user: buildUser({ scopes }), flags: ['SHIPPING_PROFILE'] }),
  });
  return server;
}

const dialog = () => screen.findByRole('dialog', { name: 'Create Shipping Profile' });
const field = (d: HTMLElement, label: string) =>
  within(d).getByLabelText(label, { exact: false, selector: 'input, select' });

describe('Shipping profiles list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a supplier without profiles gets the spec's empty state and 'Add New Profile', no company search", async () => {
    const { calls } = renderList();
    expect(await screen.findByText(SHIPPING_PROFILE_MSG.emptyForSupplier)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Profile' })).toBeTruthy();
    expect(screen.queryByPlaceholderText(COMPANY_SEARCH_PLACEHOLDER)).toBeNull();
    expect(calls[0].variables).toEqual({ companyId: null, associatedSubmissions: true });
  });

  it('lists the profiles with their measures, who updated them, an edit action and the way to the assignments', async () => {
    renderList({
      answers: {
        ShippingProfiles: {
          data: {
            getShippingProfileForCurrentUser: [
              buildProfile(),
              buildProfile({ id: 5, name: 'Frozen', can: { edit: false } }),
            ],
          },
        },
      },
    });
    const row = (await screen.findByText('Ambient case')).closest('tr')!;
    expect(within(row).getByText('20.5 lbs')).toBeTruthy();
    expect(within(row).getByText('12 in × — × —')).toBeTruthy();
    expect(within(row).getByText('by Sam Supplier')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Assign products to Ambient case' }).getAttribute('href')).toBe(
      '/shippingProfiles/4/assignments',
    );
    expect(within(row).getByRole('button', { name: 'Edit Ambient case' })).toBeTruthy();
    // A profile the user may not edit has no edit action.
    expect(screen.queryByRole('button', { name: 'Edit Frozen' })).toBeNull();
  });

  it('an administrator first picks a company: no list, no Add until then', async () => {
    const { calls } = renderList({ scopes: ADMIN });
    expect(await screen.findByText(CHOOSE_COMPANY)).toBeTruthy();
    expect(screen.getByPlaceholderText(COMPANY_SEARCH_PLACEHOLDER)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Profile' })).toBeNull();
    expect(calls.map((c) => c.operation)).not.toContain('ShippingProfiles');
  });

  it("an administrator with a company chosen gets that company's empty state and may add", async () => {
    const { calls } = renderList({
      scopes: ADMIN,
      path: '/shippingProfiles?companyId=1002',
      answers: { ShippingProfileCompany: { data: { getCompany: { id: 1002, name: 'Blue Harbor Snacks' } } } },
    });
    expect(await screen.findByText(SHIPPING_PROFILE_MSG.emptyForCompany)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Profile' })).toBeTruthy();
    expect(calls.find((c) => c.operation === 'ShippingProfiles')!.variables).toMatchObject({ companyId: 1002 });
    await waitFor(() =>
      expect((screen.getByPlaceholderText(COMPANY_SEARCH_PLACEHOLDER) as HTMLInputElement).value).toBe(
        'Blue Harbor Snacks',
      ),
    );
  });

  it("typing another company's name lists only the companies found: the current one is not offered first", async () => {
    renderList({
      scopes: ADMIN,
      path: '/shippingProfiles?companyId=1002',
      answers: {
        ShippingProfileCompany: { data: { getCompany: { id: 1002, name: 'Blue Harbor Snacks' } } },
        ShippingProfileCompanySearch: { data: { searchCompaniesByName: [{ id: 1001, name: 'Green Valley Foods' }] } },
      },
    });
    const search = screen.getByPlaceholderText(COMPANY_SEARCH_PLACEHOLDER) as HTMLInputElement;
    await waitFor(() => expect(search.value).toBe('Blue Harbor Snacks'));
    search.focus();
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'green' } });
    await screen.findByRole('option', { name: 'Green Valley Foods' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Green Valley Foods']);
  });

  it('a read-only administrator may look but gets no Add', async () => {
    renderList({
      scopes: [SCOPES.readAllProductSubmissions],
      path: '/shippingProfiles?companyId=1002',
      answers: { ShippingProfileCompany: { data: { getCompany: null } } },
    });
    expect(await screen.findByText(SHIPPING_PROFILE_MSG.emptyForCompany)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Profile' })).toBeNull();
  });

  it('a company search the server refuses says so instead of finding nothing', async () => {
    renderList({
      scopes: ADMIN,
      answers: { ShippingProfileCompanySearch: graphqlError('FORBIDDEN', 'Did you take a wrong turnip?') },
    });
    await screen.findByText(CHOOSE_COMPANY);
    const search = screen.getByPlaceholderText(COMPANY_SEARCH_PLACEHOLDER);
    search.focus();
    fireEvent.click(search);
    fireEvent.change(search, { target: { value: 'green' } });
    expect(await screen.findByText(COMPANY_SEARCH_FAILED, {})).toBeTruthy();
    expect(screen.queryByText('No companies found')).toBeNull();
  });

  it("'Create Shipping Profile' checks every rule before sending, then creates and closes", async () => {
    const { calls } = renderList({
      answers: { CreateShippingProfile: { data: { createShippingProfile: buildProfile() } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Profile' }));
    const d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(SHIPPING_PROFILE_MSG.nameRequired)).toBeTruthy();
    expect(within(d).getByText(SHIPPING_PROFILE_MSG.caseCountRequired)).toBeTruthy();
    fireEvent.change(field(d, 'Name'), { target: { value: 'x'.repeat(65) } });
    fireEvent.change(field(d, 'Case Count'), { target: { value: '0' } });
    fireEvent.change(within(d).getByRole('textbox', { name: 'Net Weight' }), { target: { value: '1.2345' } });
    fireEvent.change(within(d).getByRole('textbox', { name: 'Width' }), { target: { value: '3' } });
    fireEvent.change(within(d).getByRole('textbox', { name: /^TI/ }), { target: { value: '1.5' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(SHIPPING_PROFILE_MSG.nameTooLong)).toBeTruthy();
    expect(within(d).getByText(SHIPPING_PROFILE_MSG.greaterThanZero)).toBeTruthy();
    expect(within(d).getByText(SHIPPING_PROFILE_MSG.decimals)).toBeTruthy();
    expect(within(d).getAllByText(SHIPPING_PROFILE_MSG.unitRequired)).toHaveLength(2);
    expect(within(d).getByText(SHIPPING_PROFILE_MSG.integer)).toBeTruthy();
    expect(calls.map((c) => c.operation)).not.toContain('CreateShippingProfile');

    fireEvent.change(field(d, 'Name'), { target: { value: '  Ambient case ' } });
    fireEvent.change(field(d, 'Case Count'), { target: { value: '12' } });
    fireEvent.change(within(d).getByRole('textbox', { name: 'Net Weight' }), { target: { value: '1.25' } });
    fireEvent.change(within(d).getByRole('combobox', { name: 'Net Weight unit' }), { target: { value: 'kg' } });
    fireEvent.change(within(d).getByRole('textbox', { name: 'Width' }), { target: { value: '' } });
    fireEvent.change(within(d).getByRole('textbox', { name: /^TI/ }), { target: { value: '' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_CREATED));
    const sent = calls.find((c) => c.operation === 'CreateShippingProfile')!.variables;
    expect(sent).toEqual({
      companyId: null,
      input: {
        name: 'Ambient case',
        caseCount: 12,
        grossWeight: null,
        netWeight: { value: 1.25, unit: 'kg' },
        caseLength: null,
        caseWidth: null,
        caseHeight: null,
        palletTiers: null,
        palletLayers: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a duplicate name (409 / CONFLICT) shows the spec message under the name, on create and on edit', async () => {
    renderList({
      answers: {
        ShippingProfiles: { data: { getShippingProfileForCurrentUser: [buildProfile()] } },
        CreateShippingProfile: graphqlError('CONFLICT', SHIPPING_PROFILE_MSG.duplicateName),
        '/api/shippingProfile/4': jsonResponse(
          409,
          { code: 'CONFLICT', message: SHIPPING_PROFILE_MSG.duplicateName },
          'Conflict',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Profile' }));
    const d = await dialog();
    fireEvent.change(field(d, 'Name'), { target: { value: 'ambient CASE' } });
    fireEvent.change(field(d, 'Case Count'), { target: { value: '6' } });
    fireEvent.click(within(d).getByRole('button', { name: 'Create' }));
    expect(await within(d).findByText(SHIPPING_PROFILE_MSG.duplicateName)).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Ambient case' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Shipping Profile' });
    expect((field(edit, 'Name') as HTMLInputElement).value).toBe('Ambient case');
    expect((within(edit).getByRole('combobox', { name: 'Gross Weight unit' }) as HTMLSelectElement).value).toBe('lbs');
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText(SHIPPING_PROFILE_MSG.duplicateName)).toBeTruthy();
  });
});
