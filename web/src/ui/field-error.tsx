import type { ReactNode } from 'react';

/** Field error blocks read 'Error: …' (part 1 section 8), not colour alone. */
export function fieldError(message: string | undefined): ReactNode {
  if (!message) return undefined;
  return (
    <>
      <strong>Error: </strong>
      {message}
    </>
  );
}
