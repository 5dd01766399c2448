import { useEffect, useRef, useState } from 'react';
import {
  applyFactSuggestion,
  EMPTY_PRODUCT_FACTS,
  factFieldValue,
  sameFactValue,
  type FactField,
  type FactReading,
  type ProductFacts,
} from '@portal/domain';
import type { FileFacts } from './draft-facts-api.ts';
import { isEmptyFacts, parseField, textsOf, withField, type FieldTexts } from './facts-form.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** Saves a decision (a draft file's facts, or a submission's): the facts as they now stand and the readings dismissed. */
export type SaveFacts = (change: { facts: ProductFacts | null; dismiss: FactField[] }) => Promise<FileFacts>;

/**
 * The supplier's decisions on one file's facts (a draft file's, or a submission's from the photo it offers). Each decision is saved at once (PUT), one after the other, each on the
 * facts the previous one left, so quick decisions never undo each other. What is being typed stays in `edits` until
 * the field is left; it is saved then if the shared schema accepts it, else its error is shown.
 */
export function useFactsEditor(file: FileFacts, save: SaveFacts) {
  const [edits, setEdits] = useState<Partial<Record<FactField, FieldTexts>>>({});
  const [errors, setErrors] = useState<Partial<Record<FactField, string>>>({});
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef<ProductFacts | null>(file.facts);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  // A reading or another tab changed the facts: decisions made from now on start from them.
  useEffect(() => {
    if (pending.current === 0) latest.current = file.facts;
  }, [file.facts]);

  const change = (next: (facts: ProductFacts) => ProductFacts, dismiss: FactField[] = []) => {
    pending.current += 1;
    setStatus('saving');
    const run = async () => {
      const facts = next(latest.current ?? EMPTY_PRODUCT_FACTS);
      try {
        const saved = await save({ facts: isEmptyFacts(facts) ? null : facts, dismiss });
        latest.current = saved.facts;
        return true;
      } catch {
        return false;
      } finally {
        pending.current -= 1;
      }
    };
    const done = queue.current.then(run);
    queue.current = done.then(() => undefined);
    return done.then((ok) => {
      if (pending.current === 0 || !ok) setStatus(ok ? 'saved' : 'failed');
      return ok;
    });
  };

  const forget = (field: FactField, texts?: FieldTexts) => {
    setEdits(({ [field]: current, ...rest }) => (texts && current !== texts ? { ...rest, [field]: current } : rest));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  return {
    edits,
    errors,
    status,
    edit: (field: FactField, texts: FieldTexts) => setEdits((current) => ({ ...current, [field]: texts })),
    accept: (reading: FactReading) => {
      forget(reading.field);
      return change((facts) => applyFactSuggestion(facts, reading));
    },
    /** The sure readings, in one save; a field the supplier is typing in is left to them. */
    acceptAll: (readings: readonly FactReading[]) => {
      const taken = readings.filter((r) => !edits[r.field]);
      return change((facts) => taken.reduce<ProductFacts>((f, r) => applyFactSuggestion(f, r), facts));
    },
    /** Puts the reading in the field to be changed: saved, when the field is left, as corrected from the photo. */
    correct: (reading: FactReading) =>
      setEdits((current) => ({ ...current, [reading.field]: textsOf(reading.field, reading.value) })),
    dismiss: (field: FactField) => change((facts) => facts, [field]),
    /** The field was left: save what was typed, or say what is wrong with it. */
    commit: async (field: FactField) => {
      const texts = edits[field];
      if (!texts) return;
      const parsed = parseField(field, texts);
      if (!parsed.ok) {
        setErrors((current) => ({ ...current, [field]: parsed.error }));
        return;
      }
      const saved = file.facts ? factFieldValue(file.facts, field) : null;
      if (sameFactValue(saved ?? null, parsed.value)) return forget(field);
      setErrors(({ [field]: _gone, ...rest }) => rest);
      if (await change((facts) => withField(facts, field, parsed.value))) forget(field, texts);
    },
  };
}
export type FactsEditor = ReturnType<typeof useFactsEditor>;
