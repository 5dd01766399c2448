import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useAddressParams } from './use-address-params.ts';

/**
 * The router, held still: navigations asked for arrive only when the test says so, one by one, as they do on a busy
 * browser where each key press comes before the navigation of the one before has rendered.
 */
const router = vi.hoisted(() => ({
  rendered: { key: 'k0', search: '' },
  asked: [] as string[],
}));
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-router')>()),
  useSearchParams: () => [
    new URLSearchParams(router.rendered.search),
    (next: URLSearchParams) => router.asked.push(next.toString()),
  ],
  useLocation: () => ({ key: router.rendered.key }),
}));

const arrive = (n: number) => (router.rendered = { key: `k${n}`, search: router.asked[n - 1] });

describe('useAddressParams, navigations arriving one by one', () => {
  it('never shows an earlier change again while the later ones are on their way; Back starts afresh', () => {
    const { result, rerender } = renderHook(() => useAddressParams());
    const move = (item: string) => act(() => result.current[1]({ item }, { replace: true }));
    const shown = () => result.current[0].get('item');
    /** The nth navigation asked for renders: the item shown then. */
    const shownOnArrival = (n: number) => {
      arrive(n);
      rerender();
      return shown();
    };

    move('1');
    move('2');
    move('3');
    expect(shown()).toBe('3');
    expect(router.asked).toEqual(['item=1', 'item=2', 'item=3']);
    // The first navigations render while the third is on its way: still 3.
    expect(shownOnArrival(1)).toBe('3');
    expect(shownOnArrival(2)).toBe('3');
    // A change now builds on the last one asked for.
    move('4');
    expect(shownOnArrival(3)).toBe('4');
    expect(shownOnArrival(4)).toBe('4');
    // Back (a navigation not asked for here): the address as it is.
    router.rendered = { key: 'back', search: 'item=2' };
    rerender();
    expect(shown()).toBe('2');
  });
});
