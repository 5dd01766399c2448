import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AppLink } from '../../partner/AppLink.tsx';
import { useListReturnPath } from '../../ui/list-return.ts';
import { Page } from '../../ui/Page.tsx';
import { isNotFound } from './submission-api.ts';

export const SUBMISSION_NOT_FOUND = "We couldn't find this submission. It may have been deleted.";

/**
 * '← Back' to a list, above the heading: to the list as it was left (its filter and page) when the item was opened
 * from it, else to `to`.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const returnTo = useListReturnPath();
  return returnTo ? (
    <Anchor component={Link} to={returnTo}>
      <span aria-hidden="true">← </span>
      {children}
    </Anchor>
  ) : (
    <Anchor component={AppLink} to={to}>
      <span aria-hidden="true">← </span>
      {children}
    </Anchor>
  );
}

/** While the submission loads, or when it cannot be shown. */
export function SubmissionPending({ heading, error, back }: { heading: string; error: unknown; back: ReactNode }) {
  return (
    <Page heading={heading} before={back}>
      {error ? (
        <Alert color="red" role="alert" title="Submission not available">
          <Text>
            {isNotFound(error)
              ? SUBMISSION_NOT_FOUND
              : 'We couldn\u2019t load this submission. Please try again later.'}
          </Text>
        </Alert>
      ) : (
        <Group role="status" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Loading the submission…</Text>
        </Group>
      )}
    </Page>
  );
}
