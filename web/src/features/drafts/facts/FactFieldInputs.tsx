import { useId, type ReactNode } from 'react';
import { Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MEASURE_UNITS, type FactField, type FactSource } from '@portal/domain';
import { fieldLabel, kindOf, nutrientUnit, unitSymbol, type FieldTexts } from './facts-form.ts';

interface Props {
  field: FactField;
  texts: FieldTexts;
  error: string | undefined;
  source: FactSource | undefined;
  disabled: boolean;
  onChange: (texts: FieldTexts) => void;
  /** Focus left the field's inputs: what was typed is saved (or its error shown). */
  onCommit: () => void;
  /** The suggestion for this field, shown under its inputs. */
  children?: ReactNode;
}

const UNIT_OPTIONS = [
  { value: '', label: 'Unit' },
  ...Object.entries(MEASURE_UNITS).map(([value, label]) => ({ value, label })),
];
const SOURCE_NOTE = { photo: 'From the photo', corrected: 'Corrected from the photo', typed: null } as const;

/** One fact's inputs: as printed with quantity and unit, an amount with its % Daily Value, a number or a text. */
export function FactFieldInputs({ field, texts, error, source, disabled, onChange, onCommit, children }: Props) {
  const label = fieldLabel(field);
  const errorId = useId();
  const set = (name: string) => (value: string) => onChange({ ...texts, [name]: value });
  const common = {
    disabled,
    // Mantine marks the input invalid (aria-invalid) and red; the message is the one text below the field's inputs.
    error: !!error,
    'aria-describedby': error ? errorId : undefined,
  };
  const input = (name: string, inputLabel: string, extra: object = {}) => (
    <TextInput
      key={name}
      label={inputLabel}
      value={texts[name] ?? ''}
      onChange={(e) => set(name)(e.currentTarget.value)}
      {...common}
      {...extra}
    />
  );
  const kind = kindOf(field);
  const note = source ? SOURCE_NOTE[source.source] : null;
  return (
    <Stack
      gap={4}
      data-fact={field}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) onCommit();
      }}
    >
      {kind === 'quantity' && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          {input('printed', `${label} as printed`, { w: 220 })}
          {input('quantity', `${label} quantity`, { w: 110, inputMode: 'decimal' })}
          <NativeSelect
            label={`${label} unit`}
            data={UNIT_OPTIONS}
            value={texts.unit ?? ''}
            onChange={(e) => set('unit')(e.currentTarget.value)}
            w={100}
            {...common}
          />
        </Group>
      )}
      {kind === 'servings' && input('printed', label, { w: 220 })}
      {kind === 'number' && input('value', label, { w: 160, inputMode: 'decimal' })}
      {kind === 'nutrient' && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {input('amount', `${label} (${unitSymbol(nutrientUnit(field))})`, { w: 190, inputMode: 'decimal' })}
          {input('percent', `${label} % Daily Value`, { w: 190, inputMode: 'decimal' })}
        </Group>
      )}
      {kind === 'text' && (
        <Textarea
          label={label}
          value={texts.value ?? ''}
          onChange={(e) => set('value')(e.currentTarget.value)}
          autosize
          minRows={2}
          {...common}
        />
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="sm" c="red.8">
          {error}
        </Text>
      )}
      {children}
    </Stack>
  );
}
