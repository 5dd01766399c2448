import { Button, Group, Modal, Text } from '@mantine/core';

/** Question of a bulk accept: "Accept 37 items?" (a bulk rejection asks in its own dialog, "Reject 37 items"). */
export const acceptCountQuestion = (count: number) => (count === 1 ? 'Accept 1 item?' : `Accept ${count} items?`);

/**
 * A bulk accept confirms its count before anything is decided: one click on "Accept selected" with a page's worth
 * selected is not a slip that decides 100 items. Enter confirms (the button has the focus), Escape cancels.
 */
export function ConfirmCountDialog({
  opened,
  count,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={acceptCountQuestion(count)}>
      <Text size="sm">
        Each supplier is told once the undo window has passed; Undo (Z) takes the whole decision back until then.
      </Text>
      <Group mt="md" gap="xs" justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button data-autofocus loading={busy} onClick={onConfirm}>
          {count === 1 ? 'Accept 1 item' : `Accept ${count} items`}
        </Button>
      </Group>
    </Modal>
  );
}
