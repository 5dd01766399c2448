import { Anchor, Box, Text } from '@mantine/core';
import { SCHEDULE_PDF } from '../../config/links.ts';
import { Page } from '../../ui/Page.tsx';

/** /schedule: the submission schedule PDF, shown inline with a download link. */
export function SchedulePage() {
  return (
    <Page heading="Submission Schedule">
      <Text>
        Category reviews follow this schedule. Submit your products before the deadline of the category review you are
        aiming for.
      </Text>
      <Anchor href={SCHEDULE_PDF} download="submission-schedule.pdf">
        Download the submission schedule (PDF)
      </Anchor>
      <Box
        component="iframe"
        src={SCHEDULE_PDF}
        title="Submission schedule (PDF)"
        w="100%"
        h="75vh"
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
      />
    </Page>
  );
}
