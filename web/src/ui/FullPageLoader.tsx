import { Center, Loader } from '@mantine/core';

/**
 * While the session, a partner or a page's code is still on its way. It shows only once the wait is long
 * enough to notice, so a fast load does not flash a spinner.
 */
export function FullPageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite" className="appear-after-delay">
      <Loader aria-hidden />
      <span className="visually-hidden">Loading…</span>
    </Center>
  );
}
