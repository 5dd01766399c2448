/** A write broke a unique index (PostgreSQL 23505), whether the driver's error or drizzle's wrapper of it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** PostgreSQL chose this transaction to break a deadlock (40P01): nothing it did was kept, it can run again. */
export function isDeadlock(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '40P01') return true;
  return false;
}
