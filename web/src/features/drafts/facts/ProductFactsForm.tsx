import { useId, useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  BASIS_TEXT,
  FACTS_FIELD,
  isCommentFact,
  NUTRIENT_KEYS,
  type FactField,
  type ProductFacts,
} from '@portal/domain';
import type { FactSourceKind } from '../../../api/gql/graphql.ts';
import { FieldComments, type ShownComment } from '../../submissions/ReviewComments.tsx';
import {
  factsOfForm,
  factTexts,
  fieldLabel,
  parseField,
  TEXT_FIELDS,
  TOP_FIELDS,
  type FieldTexts,
  type FormTexts,
} from './facts-form.ts';
import { FactFieldInputs } from './FactFieldInputs.tsx';
import { LabelDisagreements } from './LabelDisagreements.tsx';

/** What a form's facts add to its multipart request: nothing (unchanged), or the field's JSON (null clears them). */
export type FactsToSend = { ok: true; fields: Record<string, string> } | { ok: false };

/**
 * The product facts of a form sent as a whole (resubmit, images for a catalogued product), starting from the facts the
 * product has: what was typed stays here until the form is sent; a field is checked by the shared schema when left.
 */
export function useFactsForm(initial: ProductFacts | null) {
  const [texts, setTexts] = useState<FormTexts>({});
  const [errors, setErrors] = useState<Partial<Record<FactField, string>>>({});
  const current = factsOfForm(initial, texts);
  return {
    initial,
    texts,
    errors,
    /** The facts as they are now typed, when the schema accepts them all (for the label's arithmetic). */
    facts: current.ok ? current.facts : null,
    edit: (field: FactField, fieldTexts: FieldTexts) => setTexts((t) => ({ ...t, [field]: fieldTexts })),
    commit: (field: FactField) => {
      const fieldTexts = texts[field];
      if (!fieldTexts) return;
      const parsed = parseField(field, fieldTexts);
      setErrors(({ [field]: _gone, ...rest }) => (parsed.ok ? rest : { ...rest, [field]: parsed.error }));
    },
    /** The fields to send, or every error shown and nothing to send. */
    toSend: (): FactsToSend => {
      const result = factsOfForm(initial, texts);
      if (!result.ok) {
        setErrors(result.errors);
        return { ok: false };
      }
      setErrors({});
      if (!result.changed) return { ok: true, fields: {} };
      return { ok: true, fields: { [FACTS_FIELD]: JSON.stringify(result.facts) } };
    },
  };
}
export type FactsForm = ReturnType<typeof useFactsForm>;

interface Props {
  form: FactsForm;
  /** Where each value came from (a resubmission's); a value the supplier changes is recorded as typed. */
  sources?: readonly { field: string; source: FactSourceKind }[];
  /** The reviewer's comments of the rejection: those on a fact show under its inputs. */
  comments?: readonly ShownComment[];
  disabled: boolean;
  note: string;
}

/** The product facts' inputs on a form, each with the reviewer's comments on it and the label's arithmetic above. */
export function ProductFactsForm({ form, sources = [], comments = [], disabled, note }: Props) {
  const headingId = useId();
  const fieldOf = (field: FactField) => {
    const source = sources.find((s) => s.field === field);
    return (
      <FactFieldInputs
        key={field}
        field={field}
        texts={form.texts[field] ?? factTexts(form.initial, field)}
        error={form.errors[field]}
        source={source && !form.texts[field] ? { source: source.source, region: null } : undefined}
        disabled={disabled}
        onChange={(texts) => form.edit(field, texts)}
        onCommit={() => form.commit(field)}
      >
        {isCommentFact(field) && (
          <FieldComments comments={comments} field={field} label={fieldLabel(field).toLowerCase()} />
        )}
      </FactFieldInputs>
    );
  };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={2} size="h4" id={headingId} mb={4}>
        Product facts
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {note}
      </Text>
      <LabelDisagreements facts={form.facts} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">{TOP_FIELDS.map(fieldOf)}</Stack>
        <Stack gap="sm">{TEXT_FIELDS.map(fieldOf)}</Stack>
      </SimpleGrid>
      <Title order={3} size="h5" mt="md" mb="xs">
        Nutrients {BASIS_TEXT[form.initial?.basis ?? 'serving']}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {NUTRIENT_KEYS.map(fieldOf)}
      </SimpleGrid>
    </Paper>
  );
}
