import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A with comments listed for a rejection: accepting would drop them. Asks which was meant: reject with them (the
 * first choice, and Enter: nothing is lost), accept and drop them, or go back to the item.
 */
export function AcceptWithCommentsDialog({
  opened,
  count,
  onReject,
  onAccept,
  onCancel,
}: {
  opened: boolean;
  count: number;
  onReject: () => void;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Accept without your comments?">
      <Text size="sm">
        {count === 1 ? 'One comment is' : `${count} comments are`} waiting to go with a rejection. Accepting drops{' '}
        {count === 1 ? 'it' : 'them'}: the supplier is told the item is accepted and never reads{' '}
        {count === 1 ? 'it' : 'them'}.
      </Text>
      <Group mt="md" gap="xs">
        <Button data-autofocus onClick={onReject}>
          Reject with the comments
        </Button>
        <Button variant="light" color="gray" onClick={onAccept}>
          Accept and drop the comments
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Modal>
  );
}
