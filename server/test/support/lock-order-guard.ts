import { afterAll, expect } from 'vitest';
import { clearLockOrderViolations, lockOrderViolations } from '../../src/db/lock-order.ts';

/**
 * Every server test file ends with no lock taken out of order (db/lock-order.ts) in this process: a violation is
 * thrown where it happens under test, and this catches one that the code around it caught and carried on from (a
 * review decision's per-item outcome, a job's retry).
 */
afterAll(() => {
  const violations = [...lockOrderViolations()];
  clearLockOrderViolations();
  expect(violations).toEqual([]);
});
