import { Center, Loader } from '@mantine/core';

/** While the session or a partner is still unknown. */
export function FullPageLoader() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <span className="visually-hidden">Loading…</span>
    </Center>
  );
}
