import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError, isDependencyUnavailable } from './dependency-errors.ts';

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

  it('a transaction PostgreSQL rolled back to break a deadlock or a serialization conflict', () => {
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
