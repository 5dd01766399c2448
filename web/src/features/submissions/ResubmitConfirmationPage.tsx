import { useParams } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { REVIEW_MSG } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';

export const RESUBMITTED_HEADING = 'Re-submission received';

/** /productSubmissions/:id/resubmit/confirmation */
export function ResubmitConfirmationPage() {
  const { id = '' } = useParams();
  useFocusHeading();
  return (
    <Page heading={RESUBMITTED_HEADING}>
      <Text size="lg" maw={760}>
        {REVIEW_MSG.resubmitted}
      </Text>
      <Group gap="sm">
        <Button component={AppLink} to="/activity">
          Go to Activity Page
        </Button>
        <Button component={AppLink} to={`/productSubmissions/${encodeURIComponent(id)}`} variant="default">
          View the item
        </Button>
      </Group>
    </Page>
  );
}
