import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { usePageTitle } from './use-page-title.ts';

interface PageProps {
  /** The page's h1. */
  heading: ReactNode;
  /** The browser title's page part; defaults to the heading when that is text. */
  title?: string;
  /** Above the heading, e.g. a back link. */
  before?: ReactNode;
  /** A smaller h1 for pages in a narrow card (sign-in), where the full size wraps to three lines. */
  compactHeading?: boolean;
  children?: ReactNode;
}

/** Every screen starts here: its browser title and its one h1. */
export function Page({ heading, title, before, compactHeading = false, children }: PageProps) {
  usePageTitle(title ?? (typeof heading === 'string' ? heading : undefined));
  return (
    <Stack gap="md">
      {before}
      <Title order={1} size={compactHeading ? 'h2' : undefined}>
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
