import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SHIPPING_PROFILE_MSG } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import {
  BACK_TO_PROFILES,
  PROFILE_NOT_FOUND,
  SAVE_ITEMS,
  ShippingAssignmentsPage,
} from './ShippingAssignmentsPage.tsx';
import { buildProducts, buildProfile } from './shipping.test-helper.ts';

spyOnToasts();

const POST_PATH = '/api/shippingProfile/4/products';

function renderAssignments(answers: Answers = {}) {
  const server = fakeServer({
    ShippingProfile: { data: { getShippingProfile: buildProfile() } },
    ShippingProfileProducts: { data: { getShippingProfileProducts: buildProducts(10, (i) => i === 1) } },
    ...answers,
  });
  renderWithApp(
    <Routes>
      <Route path="/shippingProfiles/:id/assignments" element={<ShippingAssignmentsPage />} />
    </Routes>,
    {
      path: '/shippingProfiles/4/assignments',
      session: buildSession({ user: buildUser(), flags: ['SHIPPING_PROFILE'] }),
    },
  );
  return server;
}

const box = (n: number) =>
  screen.getByRole('checkbox', {
    name: `Assign 00000000000${String(n - 1).padStart(2, '0')}, Product ${String(n).padStart(2, '0')}`,
  }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: SAVE_ITEMS }) as HTMLButtonElement;
const cancel = () => screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;

describe('Shipping profile assignments', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the products 8 to a page with their checkboxes, the metrics (Count, Tiers, High) and the way back', async () => {
    renderAssignments();
    expect(await screen.findByRole('heading', { level: 1, name: 'Assign products to Ambient case' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    expect(box(2).checked).toBe(true);
    expect(box(1).checked).toBe(false);
    const metrics = screen.getByRole('region', { name: 'Profile metrics' });
    expect(within(metrics).getByRole('rowheader', { name: 'Count' }).closest('tr')!.textContent).toContain('12');
    expect(within(metrics).getByRole('rowheader', { name: 'Tiers' }).closest('tr')!.textContent).toContain('10');
    expect(within(metrics).getByRole('rowheader', { name: 'High' }).closest('tr')!.textContent).toContain('5');
    expect(within(metrics).getByRole('rowheader', { name: 'Gross Weight' }).closest('tr')!.textContent).toContain(
      '20.5 lbs',
    );
    expect(screen.getByRole('link', { name: new RegExp(BACK_TO_PROFILES) }).getAttribute('href')).toBe(
      '/shippingProfiles',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(box(10)).toBeTruthy();
  });

  it('names the other profile a product is in, and says that saving moves it from there (issue 17 item 16)', async () => {
    const products = buildProducts(3, (i) => i === 1).map((p, i) =>
      i === 2 ? { ...p, otherProfileName: 'Frozen pallet' } : p,
    );
    renderAssignments({ ShippingProfileProducts: { data: { getShippingProfileProducts: products } } });
    const row = (await screen.findByRole('checkbox', { name: 'Assign 0000000000002, Product 03' })).closest('tr')!;
    expect(within(row).getByText(SHIPPING_PROFILE_MSG.inOtherProfile('Frozen pallet'))).toBeTruthy();
    expect(within(row).queryByText(SHIPPING_PROFILE_MSG.savingMoves('Frozen pallet'))).toBeNull();
    fireEvent.click(box(3));
    expect(within(row).getByText(SHIPPING_PROFILE_MSG.savingMoves('Frozen pallet'))).toBeTruthy();
    expect(box(3).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('pending changes enable Save Items and Cancel; Cancel discards them and reloads', async () => {
    const { operations } = renderAssignments();
    await screen.findAllByRole('checkbox');
    expect(save().disabled).toBe(true);
    expect(cancel().disabled).toBe(true);
    fireEvent.click(box(1));
    expect(box(1).checked).toBe(true);
    expect(save().disabled).toBe(false);
    expect(cancel().disabled).toBe(false);
    // Undoing a change by hand leaves nothing pending.
    fireEvent.click(box(1));
    expect(save().disabled).toBe(true);
    fireEvent.click(box(1));
    fireEvent.click(box(2));
    expect(screen.getByText(/2 unsaved changes/)).toBeTruthy();
    const loads = operations().filter((o) => o === 'ShippingProfileProducts').length;
    fireEvent.click(cancel());
    expect(box(1).checked).toBe(false);
    expect(box(2).checked).toBe(true);
    expect(save().disabled).toBe(true);
    await waitFor(() => expect(operations().filter((o) => o === 'ShippingProfileProducts').length).toBe(loads + 1));
  });

  it("Save Items sends the changes from every page as one map and says 'Shipping Profile Updates Applied'", async () => {
    // The server's state: what the products query answers before and after the save.
    let stored = buildProducts(10, (i) => i === 1);
    const { calls } = renderAssignments({
      ShippingProfileProducts: () => ({ data: { getShippingProfileProducts: stored } }),
      [POST_PATH]: () => {
        stored = buildProducts(10, (i) => i === 0 || i === 9);
        return jsonResponse(200, stored);
      },
    });
    await screen.findAllByRole('checkbox');
    fireEvent.click(box(1));
    fireEvent.click(box(2));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(box(10));
    fireEvent.click(save());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SHIPPING_PROFILE_MSG.updatesApplied));
    const post = calls.find((c) => c.url === POST_PATH)!;
    expect(JSON.parse(String(post.body))).toEqual({
      '0000000000000': true,
      '0000000000001': false,
      '0000000000009': true,
    });
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(box(10).checked).toBe(true);
  });

  it('keeps the pending changes when saving fails', async () => {
    renderAssignments({
      [POST_PATH]: () => jsonResponse(500, { code: 'INTERNAL', message: 'boom' }, 'Internal Server Error'),
    });
    await screen.findAllByRole('checkbox');
    fireEvent.click(box(1));
    fireEvent.click(save());
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(box(1).checked).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a profile the user may not edit shows its products without Save or Cancel', async () => {
    renderAssignments({ ShippingProfile: { data: { getShippingProfile: buildProfile({ can: { edit: false } }) } } });
    await screen.findAllByRole('checkbox');
    expect(box(1).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: SAVE_ITEMS })).toBeNull();
  });

  it("says so when the profile is not found (another company's)", async () => {
    renderAssignments({
      ShippingProfile: graphqlError('NOT_FOUND', SHIPPING_PROFILE_MSG.notFound),
      ShippingProfileProducts: graphqlError('NOT_FOUND', SHIPPING_PROFILE_MSG.notFound),
    });
    expect(await screen.findByText(PROFILE_NOT_FOUND)).toBeTruthy();
  });
});
