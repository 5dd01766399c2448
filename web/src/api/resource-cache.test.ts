import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { ResourceCache } from './resource-cache.ts';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ResourceCache', () => {
  it('fetches a key once while it is fresh, and tells its subscribers when the answer arrives', async () => {
    const cache = new ResourceCache();
    const fetcher = vi.fn(async () => ({ id: 1 }));
    const listener = vi.fn();
    cache.subscribe('a', listener);
    expect(cache.read('a')).toMatchObject({ isPending: true, isFetched: false });
    cache.load('a', fetcher, 60_000);
    cache.load('a', fetcher, 60_000); // under way: not asked twice
    await settled();
    cache.load('a', fetcher, 60_000); // fresh: not asked again
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cache.read('a')).toMatchObject({ data: { id: 1 }, isPending: false, isError: false, isFetched: true });
    // The same snapshot object until something changes (useSyncExternalStore relies on it).
    expect(cache.read('a')).toBe(cache.read('a'));
  });

  it('keeps a failure as an error (with earlier data) and asks again on the next use', async () => {
    const cache = new ResourceCache();
    cache.set('a', 'old');
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    cache.load('a', failing, 0);
    await settled();
    expect(cache.read('a')).toMatchObject({ data: 'old', isError: true, isPending: false });
    cache.load('a', async () => 'new', 60_000);
    await settled();
    expect(cache.read('a')).toMatchObject({ data: 'new', isError: false });
  });

  it('keeps a 404 (an unknown partner) as an answer while fresh, so the next reader does not ask again', async () => {
    const cache = new ResourceCache();
    const missing = vi.fn(() => Promise.reject(new ApiError({ status: 404, statusText: 'Not Found' })));
    cache.load('p', missing, 60_000);
    await settled();
    cache.load('p', missing, 60_000);
    await settled();
    expect(missing).toHaveBeenCalledTimes(1);
    expect(cache.read('p')).toMatchObject({ isError: true, isPending: false, isFetched: true });
    const down = vi.fn(() => Promise.reject(new ApiError({ status: 503, statusText: 'Service Unavailable' })));
    cache.load('q', down, 60_000);
    await settled();
    cache.load('q', down, 60_000);
    await settled();
    expect(down).toHaveBeenCalledTimes(2);
  });

  it('asks again at once for an invalidated key that is shown, and later for one that is not', async () => {
    const cache = new ResourceCache();
    let answer = 1;
    const fetcher = vi.fn(async () => answer);
    const unsubscribe = cache.subscribe('a', () => {});
    cache.load('a', fetcher, Infinity);
    await settled();
    answer = 2;
    cache.invalidate('a');
    await settled();
    expect(cache.read('a').data).toBe(2);
    unsubscribe();
    answer = 3;
    cache.invalidate('a');
    await settled();
    expect(fetcher).toHaveBeenCalledTimes(2);
    cache.load('a', fetcher, Infinity);
    await settled();
    expect(cache.read('a').data).toBe(3);
  });

  it("empties the signed-in pages' query cache when the session ends", () => {
    const cache = new ResourceCache();
    cache.clearUserData(); // nothing loaded yet: nothing to do
    const removeQueries = vi.fn();
    cache.queryClient = { removeQueries } as unknown as NonNullable<ResourceCache['queryClient']>;
    cache.clearUserData();
    expect(removeQueries).toHaveBeenCalledTimes(1);
  });
});
