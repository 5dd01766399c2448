import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DRAFT_MSG, type UpcPhotoMismatch } from '@portal/domain';

/** Asked once before submitting: a UPC that none of its photos' barcodes match is rejected automatically. */
export function UpcMismatchDialog({
  mismatches,
  onCheck,
  onSubmitAnyway,
}: {
  mismatches: readonly UpcPhotoMismatch[];
  onCheck: () => void;
  onSubmitAnyway: () => void;
}) {
  return (
    <Modal opened={mismatches.length > 0} onClose={onCheck} title={DRAFT_MSG.upcDiffersTitle} centered>
      <Stack gap="md">
        {mismatches.map((m) => (
          <Text key={m.upc} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {DRAFT_MSG.upcDiffers(m.upc, m.detected, m.fileNames)}
          </Text>
        ))}
        <Text>{DRAFT_MSG.upcDiffersNote}</Text>
        <Group justify="flex-end" gap="sm">
          <Button onClick={onCheck} data-autofocus>
            Check the UPC
          </Button>
          <Button variant="default" onClick={onSubmitAnyway}>
            Submit anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Confirms taking a file out of the draft; it stays open (and cannot be dismissed) while the file is removed. */
export function RemoveFileDialog({
  fileName,
  removing,
  onKeep,
  onRemove,
}: {
  fileName: string | null;
  removing: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  return (
    <Modal
      opened={fileName !== null}
      onClose={() => !removing && onKeep()}
      title={fileName ? DRAFT_MSG.removeFileTitle(fileName) : ''}
      centered
    >
      <Stack gap="md">
        <Text>{DRAFT_MSG.removeFileNote}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={removing}>
            Keep it
          </Button>
          <Button color="red.9" onClick={onRemove} loading={removing} data-autofocus>
            Remove file
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
