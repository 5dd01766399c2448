import { Badge, Button, Group, Text } from '@mantine/core';
import { BASIS_TEXT, SURE_CONFIDENCE, type FactReading } from '@portal/domain';
import { describeValue, fieldLabel } from './facts-form.ts';

interface Props {
  reading: FactReading;
  disabled: boolean;
  onAccept: () => void;
  onCorrect: () => void;
  onDismiss: () => void;
  /** The reading is pointed at (hovered or focused): its region is highlighted on the photo; null when it is left. */
  onHighlight: (reading: FactReading | null) => void;
}

/**
 * A value read from the photo, waiting for the supplier: accept it, correct it (it goes into the field to change) or
 * dismiss it (never offered again). Nothing is filled until they do.
 */
export function FactSuggestion({ reading, disabled, onAccept, onCorrect, onDismiss, onHighlight }: Props) {
  const label = fieldLabel(reading.field);
  // An EU table's reading says what it is per: per 100 g is not the serving the label's other panels give.
  const basis = reading.basis ? ` ${BASIS_TEXT[reading.basis]}` : '';
  const value = `${describeValue(reading.field, reading.value)}${basis}`;
  const sure = reading.confidence >= SURE_CONFIDENCE;
  return (
    <Group
      role="group"
      aria-label={`${label} read from photo`}
      gap="xs"
      wrap="wrap"
      data-suggestion={reading.field}
      onMouseEnter={() => onHighlight(reading)}
      onMouseLeave={() => onHighlight(null)}
      onFocus={() => onHighlight(reading)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) onHighlight(null);
      }}
    >
      <Badge color="blue" variant="light">
        Read from photo
      </Badge>
      <Text size="sm" fw={600}>
        {value}
      </Text>
      <Text size="xs" c={sure ? 'gray.8' : 'red.9'} fw={500}>
        {sure ? 'Sure' : 'Check it on the photo'}
      </Text>
      <Button size="compact-sm" disabled={disabled} onClick={onAccept} aria-label={`Accept ${label}: ${value}`}>
        Accept
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={disabled}
        onClick={onCorrect}
        aria-label={`Correct ${label}`}
      >
        Correct
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        disabled={disabled}
        onClick={onDismiss}
        aria-label={`Dismiss ${label}`}
      >
        Dismiss
      </Button>
    </Group>
  );
}
