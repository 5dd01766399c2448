/** A write broke a unique index (PostgreSQL 23505), whether the driver's error or drizzle's wrapper of it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}
