import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
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

describe('useAddressParams', () => {
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
