import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BASIS_TEXT, NUTRIENT_KEYS, SURE_CONFIDENCE, type FactField, type FactReading } from '@portal/domain';
import type { FileFacts } from './draft-facts-api.ts';
import { factTexts, TEXT_FIELDS, TOP_FIELDS } from './facts-form.ts';
import { FactFieldInputs } from './FactFieldInputs.tsx';
import { LabelDisagreements } from './LabelDisagreements.tsx';
import { FactSuggestion } from './FactSuggestion.tsx';
import { PhotoRegions } from './PhotoRegions.tsx';
import { useFactsEditor, type SaveFacts, type SaveStatus } from './use-facts-editor.ts';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving the facts…',
  saved: 'Facts saved.',
  failed: 'The facts could not be saved. Try again.',
};

/** Whether a key press is the accept-all key (Alt+Shift+A; the code, since Alt changes the character on a Mac). */
export const isAcceptAllKey = (e: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'code'>) =>
  e.altKey && e.shiftKey && e.code === 'KeyA';

interface Props {
  /** The file whose facts are the product's (see ProductFactsList), or a submission's with the photo it offers. */
  file: FileFacts;
  /** Where each decision is saved (the draft file's facts, or the submission's). */
  save: SaveFacts;
  /** The product's name on the page: its UPC, or its file. */
  title: string;
  disabled: boolean;
}

/**
 * A product's facts on Enter UPC(s) (and a submission's, from the photos added on resubmit or for a catalogued
 * product): the fields as saved or typed, the values read from the photo as suggestions under
 * their fields (each highlights its region on the photo), the label's arithmetic, and one key to accept every sure
 * suggestion.
 */
export function ProductFactsSection({ file, save, title, disabled }: Props) {
  const headingId = useId();
  const editor = useFactsEditor(file, save);
  const [active, setActive] = useState<FactReading | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const suggestions = file.factSuggestions;
  const sure = suggestions.filter((s) => s.confidence >= SURE_CONFIDENCE && !editor.edits[s.field]);
  const busy = disabled || editor.status === 'saving';

  const acceptAll = () => {
    if (sure.length && !busy) void editor.acceptAll(sure);
  };
  const correct = (reading: FactReading) => {
    editor.correct(reading);
    // The reading's value is now in the field: move there to change it.
    requestAnimationFrame(() =>
      body.current?.querySelector<HTMLElement>(`[data-fact="${reading.field}"] :is(input, textarea)`)?.focus(),
    );
  };
  const fieldOf = (field: FactField) => {
    const reading = suggestions.find((s) => s.field === field);
    return (
      <FactFieldInputs
        key={field}
        field={field}
        texts={editor.edits[field] ?? factTexts(file.facts, field)}
        error={editor.errors[field]}
        source={file.factSources[field]}
        disabled={disabled}
        onChange={(texts) => editor.edit(field, texts)}
        onCommit={() => void editor.commit(field)}
      >
        {reading && !editor.edits[field] && (
          <FactSuggestion
            reading={reading}
            disabled={busy}
            onAccept={() => void editor.accept(reading)}
            onCorrect={() => correct(reading)}
            onDismiss={() => void editor.dismiss(field)}
            onHighlight={setActive}
          />
        )}
      </FactFieldInputs>
    );
  };

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="md"
      radius="md"
      onKeyDown={(e) => {
        if (!isAcceptAllKey(e)) return;
        e.preventDefault();
        acceptAll();
      }}
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          Product facts: {title}
        </Title>
        <Button onClick={acceptAll} disabled={!sure.length || busy} aria-keyshortcuts="Alt+Shift+A">
          Accept all sure ({sure.length})
        </Button>
      </Group>
      <Text role="status" size="sm" c="dimmed" mb="sm">
        {readingNote(file, suggestions.length)} {STATUS_TEXT[editor.status]}
      </Text>
      <LabelDisagreements facts={file.facts} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Box style={{ alignSelf: 'start', position: 'sticky', top: 8 }}>
          <PhotoRegions imageUrl={file.imageUrl} fileName={file.fileName} readings={suggestions} active={active} />
        </Box>
        <Stack gap="sm" ref={body}>
          {TOP_FIELDS.map(fieldOf)}
          <Title order={3} size="h5">
            Nutrients {BASIS_TEXT[file.facts?.basis ?? 'serving']}
          </Title>
          {NUTRIENT_KEYS.map(fieldOf)}
          {TEXT_FIELDS.map(fieldOf)}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function readingNote(file: FileFacts, count: number): string {
  if (file.factReadingStatus === 'pending') return 'Reading the photo…';
  if (file.factReadingStatus === 'failed') return 'The photo could not be read; type the facts.';
  if (count === 0) return 'Nothing read from the photo waits for you.';
  return `${count} value${count === 1 ? '' : 's'} read from the photo wait${count === 1 ? 's' : ''} for you: accept, correct or dismiss each (Alt+Shift+A accepts all sure ones).`;
}
