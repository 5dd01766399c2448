import type { Tx } from '../db/client.ts';

/** A listener runs inside the transaction that made the change, with that transaction. */
export type Listener<P> = (payload: P, tx: Tx) => Promise<void> | void;

/**
 * A tiny typed in-process emitter whose listeners are part of the change: `emit` awaits each listener in turn, in
 * the caller's transaction, so what a listener writes commits or rolls back with the change, and a listener that
 * throws undoes the change. Work outside the database (a webhook, an e-mail) is never done in a listener: it
 * enqueues a job there, which then runs after the commit, exactly once the change is real.
 */
export class TypedEvents<Events extends object> {
  private listeners = new Map<keyof Events, Listener<never>[]>();

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    const list = [...(this.listeners.get(name) ?? []), listener as Listener<never>];
    this.listeners.set(name, list);
    return () =>
      this.listeners.set(
        name,
        (this.listeners.get(name) ?? []).filter((l) => l !== listener),
      );
  }

  async emit<K extends keyof Events>(tx: Tx, name: K, payload: Events[K]): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) await (listener as Listener<Events[K]>)(payload, tx);
  }
}
