import { Kbd, Modal, Table, Text } from '@mantine/core';
import { REVIEW_SHORTCUTS } from '@portal/domain';

/** The review workspace's shortcuts, listed (the ? key or the Shortcuts button); the queue passes its own. */
export function ShortcutsDialog({
  opened,
  onClose,
  shortcuts = REVIEW_SHORTCUTS,
}: {
  opened: boolean;
  onClose: () => void;
  shortcuts?: readonly { key: string; action: string }[];
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table>
        <Table.Tbody>
          {shortcuts.map((sc) => (
            <Table.Tr key={sc.key}>
              <Table.Td>
                <Kbd>{sc.key}</Kbd>
              </Table.Td>
              <Table.Td>{sc.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        Shortcuts do nothing while you type in a field.
      </Text>
    </Modal>
  );
}
