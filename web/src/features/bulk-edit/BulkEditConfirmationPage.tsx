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
export const SAVED_NOTE =
  'The details were saved. Check the Partner Status column on the Activity Page to see what each partner still needs.';

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
