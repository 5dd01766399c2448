import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CompanySelect } from './CompanySelect.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) => {
    const query = new URL(String(url), 'http://portal').searchParams;
    const found = query.get('id') === '7' || 'blue harbor snacks'.includes(query.get('q') ?? '-');
    return jsonResponse(200, { companies: found ? [{ id: 7, name: 'Blue Harbor Snacks' }] : [] });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

// The queue's address changes in a transition, so the cleared filter reaches the select after a render or more: a
// reviewer typing at once must keep what they typed when it arrives.
it('keeps what was typed right after clearing when the cleared filter arrives from the address later', async () => {
  const onChange = vi.fn();
  /** The queue page, with the address arriving when the test says so. */
  function Queue() {
    const [fromAddress, setFromAddress] = useState<number | undefined>(7);
    return (
      <>
        <CompanySelect value={fromAddress} onChange={onChange} />
        <button onClick={() => setFromAddress(undefined)}>The address changes</button>
      </>
    );
  }
  renderWithApp(<Queue />);
  const box = () => screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement;
  await waitFor(() => expect(box().value).toBe('Blue Harbor Snacks'));

  fireEvent.click(screen.getByRole('button', { name: 'Any company' }));
  expect(onChange).toHaveBeenCalledWith(undefined);
  box().focus();
  fireEvent.click(box());
  fireEvent.change(box(), { target: { value: 'harbor sn' } });
  expect(box().value).toBe('harbor sn');
  fireEvent.click(screen.getByRole('button', { name: 'The address changes' }));

  expect(box().value).toBe('harbor sn');
  expect(await screen.findByRole('option', { name: 'Blue Harbor Snacks' })).toBeTruthy();
});
