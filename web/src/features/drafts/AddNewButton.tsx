import { useId } from 'react';
import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { isReadOnlyAdmin, READ_ONLY_NO_ADD } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSession } from '../../session/session-context.tsx';

/**
 * 'Add New' to /upload. A read-only administrator could not send what they upload, so for them it is disabled, with
 * the reason next to it (not only in a tooltip, which touch screens never show).
 */
export function AddNewButton() {
  const { user } = useSession();
  const helperId = useId();
  if (!user || !isReadOnlyAdmin(user)) {
    return (
      <Button component={AppLink} to="/upload">
        Add New
      </Button>
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Tooltip label={READ_ONLY_NO_ADD}>
        <Button disabled aria-describedby={helperId}>
          Add New
        </Button>
      </Tooltip>
      <Text size="sm" c="dimmed" id={helperId}>
        {READ_ONLY_NO_ADD}
      </Text>
    </Stack>
  );
}
