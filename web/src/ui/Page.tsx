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
  children?: ReactNode;
}

/** Every screen starts here: its browser title and its one h1. */
export function Page({ heading, title, before, children }: PageProps) {
  usePageTitle(title ?? (typeof heading === 'string' ? heading : undefined));
  return (
    <Stack gap="md">
      {before}
      <Title order={1}>{heading}</Title>
      {children}
    </Stack>
  );
}
