import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useSearchParams } from 'react-router';
import { renderWithApp } from '../test/render.tsx';
import { useAddressParams } from './use-address-params.ts';
import { useListReturnState } from './list-return.ts';

/** A page whose render of `?photo=issues` waits (as a lazy page's module or a slow read does) until `arrive`. */
let arrive = () => {};
let hasArrived = false;
const arrived = new Promise<void>((resolve) => (arrive = resolve)).then(() => {
  hasArrived = true;
});
function SlowPage() {
  const [params] = useSearchParams();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspends as React.lazy does: the promise it waits for
  if (params.get('photo') && !hasArrived) throw arrived;
  return null;
}

/** A list with a filter box and the state its item links carry. */
function FilteredList() {
  const [params, update] = useAddressParams();
  const { returnTo } = useListReturnState(params);
  return (
    <>
      <input
        type="checkbox"
        aria-label="Only items with photo issues"
        checked={params.get('photo') === 'issues'}
        onChange={() => update({ photo: 'issues' })}
      />
      <output aria-label="rendered">{useLocation().search}</output>
      <output aria-label="back to">{returnTo}</output>
      <Suspense fallback={null}>
        <SlowPage />
      </Suspense>
    </>
  );
}

describe('useListReturnState', () => {
  it('an item opened while the filtered address still renders returns to the filtered list', async () => {
    renderWithApp(<FilteredList />, { path: '/activity/pending' });
    expect(screen.getByRole('status', { name: 'back to' }).textContent).toBe('/activity/pending');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only items with photo issues' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'back to' }).textContent).toBe('/activity/pending?photo=issues'),
    );
    // The router has not rendered the new address yet.
    expect(screen.getByRole('status', { name: 'rendered' }).textContent).toBe('');
    await act(async () => arrive());
    await waitFor(() => expect(screen.getByRole('status', { name: 'rendered' }).textContent).toBe('?photo=issues'));
    expect(screen.getByRole('status', { name: 'back to' }).textContent).toBe('/activity/pending?photo=issues');
  });
});
