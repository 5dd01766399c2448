import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.ts';

/** For vi.waitFor and expect.poll, whose own default (one second) is a speed target: this only stops a hung wait. */
export const HANG_LIMIT = { timeout: 300_000, interval: 50 };

/**
 * Resolves with the first truthy value `check` gives, looking again every `everyMs`: no fixed sleep, as long as the
 * condition takes on this machine, within the test's own time limit. A check that throws (a dependency still away)
 * counts as not yet.
 */
export async function until<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  everyMs = 50,
): Promise<T> {
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the database's clock has at least `needMs` left in the current fixed window (the rate limits count in
 * windows aligned on that clock, a minute by default): a test that fills a limit and then meets it must not straddle a
 * window's end, however slowly this machine runs it.
 */
export async function roomInRateWindow(db: Db, needMs = 15_000, windowMs = 60_000): Promise<void> {
  await until(async () => {
    const [{ left }] = await queryRows<{ left: number }>(
      db,
      sql`select ${windowMs}::bigint - (extract(epoch from clock_timestamp()) * 1000)::bigint % ${windowMs}::bigint as left`,
    );
    return Number(left) >= needMs;
  }, 200);
}
