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
