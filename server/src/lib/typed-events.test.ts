import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { TypedEvents } from './typed-events.ts';

const tx = {} as Tx;

describe('TypedEvents', () => {
  it('runs every listener of an event in order, awaited, with the transaction; unsubscribing stops one', async () => {
    const events = new TypedEvents<{ changed: { id: string }; other: number }>();
    const heard: string[] = [];
    events.on('changed', async ({ id }, t) => {
      await Promise.resolve();
      heard.push(`first ${id} ${t === tx}`);
    });
    const stop = events.on('changed', ({ id }) => void heard.push(`second ${id}`));
    events.on('other', (n) => void heard.push(`other ${n}`));
    await events.emit(tx, 'changed', { id: 'a' });
    stop();
    await events.emit(tx, 'changed', { id: 'b' });
    expect(heard).toEqual(['first a true', 'second a', 'first b true']);
  });

  it('a listener that throws fails the emit, so the change it belongs to rolls back', async () => {
    const events = new TypedEvents<{ changed: { id: string } }>();
    events.on('changed', () => {
      throw new Error('listener failed');
    });
    await expect(events.emit(tx, 'changed', { id: 'a' })).rejects.toThrow('listener failed');
  });
});
