import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { BULK_EDIT_MSG, plural } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import { readProductSubmissionIds } from './bulk-edit-api.ts';

/** '{n} products updated' ('1 product updated'): the count of ids in the query (part 2 section 2.3). */
export const updatedText = (count: number) => `${plural(count, 'product')} updated.`;
/**
 * Imported products are submitted for no partner (bulk ingestion decision), so their Partner Status stays N/A whatever
 * rules the edit was checked against: the note says so rather than send the supplier to a column that cannot change.
 */
export const SAVED_NOTE =
  'The details were saved. For products submitted to a partner, the Partner Status column on the Activity Page ' +
  'shows what that partner still needs; imported products are not submitted to a partner, so theirs shows N/A.';

/** /edit-multiple/confirmation?productSubmissionIds=...: what the bulk edit saved, and where to go next. */
export function BulkEditConfirmationPage() {
  const [params] = useSearchParams();
  const count = useMemo(() => readProductSubmissionIds(params).length, [params]);
  useFocusHeading();
  return (
    <Page heading={BULK_EDIT_MSG.confirmationHeading}>
      <Text size="lg">{updatedText(count)}</Text>
      <Text>{SAVED_NOTE}</Text>
      <Group>
        <Button component={AppLink} to="/activity">
          Go to Activity Page
        </Button>
        <Button component={AppLink} to="/brandProfile" variant="default">
          Continue to Brand Profile
        </Button>
      </Group>
    </Page>
  );
}
