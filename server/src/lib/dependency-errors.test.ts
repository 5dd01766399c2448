import { describe, expect, it } from 'vitest';
import {
  DependencyUnavailableError,
  isDependencyOutage,
  isDependencyUnavailable,
  isTransactionConflict,
} from './dependency-errors.ts';

/** An error as pg raises it, wrapped as drizzle wraps a failed query. */
const wrapped = (code: string, message = 'failed') =>
  Object.assign(new Error('Failed query: update ...'), { cause: Object.assign(new Error(message), { code }) });

describe('isDependencyUnavailable: what passes by itself and may be tried again', () => {
  it('a database that is away, restarting or out of connections, however wrapped', () => {
    for (const code of ['08006', '57P01', '53300', 'ECONNREFUSED'])
      expect(isDependencyUnavailable(wrapped(code)), code).toBe(true);
    expect(isDependencyUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([new Error('x'), wrapped('ECONNRESET')]))).toBe(true);
    expect(isDependencyUnavailable(new DependencyUnavailableError('storage', 'took too long'))).toBe(true);
  });

  it('a transaction PostgreSQL rolled back to break a deadlock or a serialization conflict (HTTP answers 503 too)', () => {
    expect(isDependencyUnavailable(wrapped('40P01', 'deadlock detected'))).toBe(true);
    expect(isDependencyUnavailable(wrapped('40001', 'could not serialize access'))).toBe(true);
  });

  it('not a request the database refused: a broken constraint, bad input, a bug', () => {
    for (const code of ['23505', '23503', '22P02', '42703'])
      expect(isDependencyUnavailable(wrapped(code)), code).toBe(false);
    expect(isDependencyUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDependencyUnavailable(null)).toBe(false);
  });
});

describe('transaction conflicts: their own class, not an outage', () => {
  it('a deadlock and a serialization failure, however wrapped, are conflicts and not outages', () => {
    for (const err of [
      wrapped('40P01', 'deadlock detected'),
      wrapped('40001', 'could not serialize access due to concurrent update'),
      new AggregateError([new Error('x'), wrapped('40P01')]),
    ]) {
      expect(isTransactionConflict(err)).toBe(true);
      expect(isDependencyOutage(err)).toBe(false);
    }
  });

  it('an outage, a broken constraint or a bug is no conflict', () => {
    for (const code of ['08006', '57P01', '53300', 'ECONNREFUSED', '23505', '22P02', '40002'])
      expect(isTransactionConflict(wrapped(code)), code).toBe(false);
    for (const code of ['08006', '57P01', '53300', 'ECONNREFUSED'])
      expect(isDependencyOutage(wrapped(code)), code).toBe(true);
    expect(isTransactionConflict(new DependencyUnavailableError('database', 'no answer'))).toBe(false);
    expect(isTransactionConflict(new TypeError('x is undefined'))).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });
});
