import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** The connection a transaction drew from the pool, and how to give it back once the transaction has settled. */
interface Checkout {
  release?: (destroy: boolean) => void;
}

const checkouts = new AsyncLocalStorage<Checkout>();

/**
 * A pool that lets a transaction decide, once it has settled, whether its connection goes back to the pool.
 * drizzle's node-postgres session takes a client with `pool.connect()` and calls `release()` in a `finally`, whatever
 * happened: after a statement that timed out on the client's side (still running on the server) or a ROLLBACK that
 * never got through, that put a connection "idle in transaction" back in the pool, and the next transaction on it
 * committed the abandoned writes with its own. Inside `transaction()` (see releaseFailedTransactionsDestroyed), the
 * client's `release()` is deferred to the transaction's own end.
 */
export class TransactionPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query() checks out with a callback and releases with the query's error: a failed one is destroyed already.
    if (callback) return super.connect(callback);
    const checkout = checkouts.getStore();
    return super.connect().then((client) => {
      if (checkout && !checkout.release) {
        const release = client.release.bind(client);
        checkout.release = (destroy) => release(destroy || undefined);
        client.release = () => {};
      }
      return client;
    });
  }
}

/**
 * `db.transaction()` on a TransactionPool: the connection goes back to the pool only after a COMMIT that succeeded;
 * after any failure (a statement that timed out or errored, a lost connection, an error thrown by the callback, a
 * COMMIT or ROLLBACK that failed) it is destroyed, so that nothing of the failed transaction can reach the next one.
 * Nested `tx.transaction()` calls are savepoints on the same connection and are left as they are.
 */
/** Any drizzle database: typed loosely so that client.ts, which calls this, is not imported back. */
type WithTransactions = { transaction: (...args: never[]) => Promise<unknown> };

export function releaseFailedTransactionsDestroyed(db: WithTransactions): void {
  const transaction = db.transaction.bind(db);
  const guarded = async (...args: Parameters<typeof transaction>) => {
    const checkout: Checkout = {};
    let failed = true;
    try {
      const result = await checkouts.run(checkout, () => transaction(...args));
      failed = false;
      return result;
    } finally {
      checkout.release?.(failed);
    }
  };
  db.transaction = guarded;
}
