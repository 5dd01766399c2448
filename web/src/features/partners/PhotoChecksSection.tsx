import { NumberInput, Switch, Table, Text, Title } from '@mantine/core';
import {
  MIN_IMAGE_LONG_SIDE_RANGE,
  PHOTO_BLOCK_MSG,
  PHOTO_LINE_MSG,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  PHOTO_ISSUE_MSG,
  type PhotoIssueCode,
} from '@portal/domain';
import { isValidLine } from './partners-api.ts';

/**
 * Customize New Item Intake: which photo checks (issue 20) stop Submit for this partner. Every check is always shown
 * to suppliers as a warning; a switch on also makes the server refuse Submit while a file fails it.
 */
export function PhotoChecksSection({
  blocking,
  onChange,
  minLongSidePx,
  onMinLongSide,
}: {
  blocking: readonly PhotoIssueCode[];
  onChange: (blocking: PhotoIssueCode[]) => void;
  /** The partner's low-resolution line, as typed ('' while empty). */
  minLongSidePx: number | '';
  onMinLongSide: (value: number | '') => void;
}) {
  const lineValid = isValidLine(minLongSidePx);
  const headingId = 'section-photo-checks';
  const hintId = 'section-photo-checks-hint';
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb={4}>
        {PHOTO_BLOCK_MSG.switchesTitle}
      </Title>
      <Text size="sm" mb="xs" id={hintId}>
        {PHOTO_BLOCK_MSG.switchesHint}
      </Text>
      <NumberInput
        label={PHOTO_BLOCK_MSG.lineLabel}
        description={PHOTO_BLOCK_MSG.lineHint}
        value={minLongSidePx}
        onChange={(value) => onMinLongSide(typeof value === 'number' ? value : value === '' ? '' : Number(value))}
        min={MIN_IMAGE_LONG_SIDE_RANGE.min}
        max={MIN_IMAGE_LONG_SIDE_RANGE.max}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={lineValid ? undefined : PHOTO_LINE_MSG}
        maw={360}
        mb="sm"
      />
      <Table aria-labelledby={headingId} aria-describedby={hintId} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Photo check</Table.Th>
            <Table.Th scope="col">Supplier is told</Table.Th>
            <Table.Th scope="col" w={140}>
              Blocks Submit
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PHOTO_ISSUE_CODES.map((code) => (
            <Table.Tr key={code}>
              <Table.Th scope="row" fw={400}>
                {PHOTO_ISSUE_LABELS[code]}
              </Table.Th>
              <Table.Td>
                <Text size="sm">
                  {code === 'LOW_RESOLUTION' && lineValid
                    ? PHOTO_ISSUE_MSG.LOW_RESOLUTION(String(minLongSidePx))
                    : PHOTO_ISSUE_MSG[code]()}
                </Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`${PHOTO_ISSUE_LABELS[code]} blocks Submit`}
                  checked={blocking.includes(code)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    // Kept in the order of the checks, so the same choice always compares equal.
                    onChange(PHOTO_ISSUE_CODES.filter((c) => (c === code ? on : blocking.includes(c))));
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
