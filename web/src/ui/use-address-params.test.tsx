import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useSearchParams } from 'react-router';
import { renderWithApp } from '../test/render.tsx';
import { useAddressParams } from './use-address-params.ts';

/** Two filter changes before the page renders again (a busy browser: the address moved, React has not caught up). */
function TwoChanges({ live }: { live: boolean }) {
  const [plain, setPlain] = useSearchParams();
  const [params, update] = useAddressParams();
  const set = (key: string) =>
    live
      ? update((current) => {
          current.set(key, '1');
          return current;
        })
      : setPlain((current) => {
          const next = new URLSearchParams(current);
          next.set(key, '1');
          return next;
        });
  return (
    <>
      <button
        onClick={() => {
          set('notReady');
          set('rule');
        }}
      >
        both
      </button>
      <output>{(live ? params : plain).toString()}</output>
    </>
  );
}

/** A page whose render of `?slow=1` waits (as a lazy page's module or a slow read does) until `arrive` is called. */
let arrive = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
let hasArrived = false;
void arrived.then(() => (hasArrived = true));
function SlowPage() {
  const [params] = useSearchParams();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspends as React.lazy does: the promise it waits for
  if (params.get('slow') && !hasArrived) throw arrived;
  return null;
}
function TickBox() {
  const [params, update] = useAddressParams();
  return (
    <>
      <input
        type="checkbox"
        aria-label="slow"
        checked={params.get('slow') === '1'}
        onChange={() => update({ slow: '1' })}
      />
      <output aria-label="rendered">{useLocation().search}</output>
      <Suspense fallback={null}>
        <SlowPage />
      </Suspense>
    </>
  );
}

describe('useAddressParams', () => {
  it('shows the change asked for at once, while the navigation to it is still rendering', async () => {
    renderWithApp(<TickBox />, { path: '/review' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'slow' }));
    // The router has not rendered the new address (its page waits), and the box is ticked already.
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'slow' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByRole('status', { name: 'rendered' }).textContent).toBe('');
    await act(async () => arrive());
    await waitFor(() => expect(screen.getByRole('status', { name: 'rendered' }).textContent).toBe('?slow=1'));
    expect((screen.getByRole('checkbox', { name: 'slow' }) as HTMLInputElement).checked).toBe(true);
  });

  it('builds each change on the address the last one left, not on the one the page last rendered', async () => {
    renderWithApp(<TwoChanges live />, { path: '/review?status=SUBMITTED' });
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('status=SUBMITTED&notReady=1&rule=1'));
  });

  it("the router's own setter loses the first of two quick changes (why the hook exists)", async () => {
    renderWithApp(<TwoChanges live={false} />, { path: '/review?status=SUBMITTED' });
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('status=SUBMITTED&rule=1'));
  });
});
