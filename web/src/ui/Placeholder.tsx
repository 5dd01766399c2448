import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { Page } from './Page.tsx';

export const COMING_LATER = 'This screen is coming in a later release.';

/** A screen of a later issue: its real heading from the spec, and a plain note. */
export function Placeholder({ heading, title, children }: { heading: string; title?: string; children?: ReactNode }) {
  return (
    <Page heading={heading} title={title}>
      {children}
      <Text>{COMING_LATER}</Text>
    </Page>
  );
}
