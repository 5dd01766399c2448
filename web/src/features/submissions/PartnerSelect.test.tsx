import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PARTNER_SELECT_LABEL, PartnerSelect, type PartnerSearch } from './PartnerSelect.tsx';

describe('PartnerSelect', () => {
  afterEach(() => vi.useRealTimers());

  it('searches what was typed only after 1000 ms without typing, and offers the results', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const search = vi.fn<PartnerSearch>(async (name) =>
      name ? [{ id: 30443, companyName: 'FRESH MARKET GROCERS' }] : [],
    );
    const onChange = vi.fn();
    renderWithApp(<PartnerSelect value={null} onChange={onChange} search={search} />, {
      session: buildSession({ user: buildUser() }),
    });
    const input = screen.getByRole('combobox', { name: PARTNER_SELECT_LABEL });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(search).toHaveBeenLastCalledWith('');
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'fre' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(search).not.toHaveBeenCalledWith('fre');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(search).toHaveBeenLastCalledWith('fre');
    fireEvent.click(await screen.findByRole('option', { name: 'Fresh Market Grocers' }));
    expect(onChange).toHaveBeenCalledWith(30443);
  });

  it('waits for 1000 ms without typing: keys typed closer together than that make one search, of the whole name', async () => {
    vi.useFakeTimers();
    const search = vi.fn<PartnerSearch>(async () => []);
    renderWithApp(<PartnerSelect value={null} onChange={vi.fn()} search={search} />, {
      session: buildSession({ user: buildUser() }),
    });
    const input = screen.getByRole('combobox', { name: PARTNER_SELECT_LABEL });
    await act(() => vi.advanceTimersByTimeAsync(0));
    search.mockClear();
    input.focus();
    fireEvent.click(input);
    for (const typed of ['f', 'fr', 'fre', 'fres']) {
      fireEvent.change(input, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(999));
    }
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search.mock.calls).toEqual([['fres']]);
    // Another pause, another search; nothing in between.
    fireEvent.change(input, { target: { value: 'fresh' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(search).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search.mock.calls).toEqual([['fres'], ['fresh']]);
  });

  it('can be cleared back to all partners', async () => {
    const onChange = vi.fn();
    const search: PartnerSearch = async () => [{ id: 30443, companyName: 'FRESH MARKET GROCERS' }];
    renderWithApp(<PartnerSelect value={30443} onChange={onChange} search={search} />, {
      session: buildSession({ user: buildUser() }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show all partners' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
