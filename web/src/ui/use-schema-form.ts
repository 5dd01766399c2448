import { useCallback, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
/** What the form needs of a zod schema (classic or mini): a safeParse. */
export interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * Form state for the pages a visitor sees before signing in, which load without a form library (issue 18): the
 * values, the fields the user has left (validated from then on, as react-hook-form's `onTouched` does elsewhere),
 * and the shared schema's first message for each of those fields.
 *
 * The schema (and with it zod, some 13 KB compressed) is fetched when the user first focuses or fills a field, not
 * with the page: a visitor who only looks, or follows a link, never loads it, and one who types has it long before leaving
 * the field. Until it is there nothing is valid (`data` undefined) and no message is shown.
 */
export function useSchemaForm<T extends Record<string, string>>(loadSchema: () => Promise<FormSchema<T>>, initial: T) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof T>>(() => new Set());
  const [schema, setSchema] = useState<FormSchema<T> | null>(null);
  const loading = useRef<Promise<FormSchema<T>> | null>(null);
  const result = useMemo(() => schema?.safeParse(values), [schema, values]);

  /** Starts fetching the schema (once); resolves with it. */
  const ensureSchema = useCallback(() => {
    loading.current ??= loadSchema().then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    });
    return loading.current;
  }, [loadSchema]);

  // A failed fetch is tried again at the next focus: the page after a deploy reloads (routes/lazy-load.ts) at the next navigation.
  const startLoading = () =>
    void ensureSchema().catch(() => {
      loading.current = null;
    });

  const errors: Partial<Record<keyof T, string>> = {};
  if (result && !result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T;
      if (touched.has(name) && errors[name] === undefined) errors[name] = issue.message;
    }
  }

  /** The props that bind an input to one field. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onFocus: startLoading,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      startLoading(); // a browser's autofill changes a field without focusing it
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => {
      startLoading();
      setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
    },
  });

  /** Shows every field's message (a submit with something still wrong). */
  const touchAll = () => setTouched(new Set(Object.keys(initial) as (keyof T)[]));

  const data = result?.success ? result.data : undefined;
  const [isSubmitting, setSubmitting] = useState(false);

  /** The form's onSubmit: with valid values, `send` them (isSubmitting meanwhile); otherwise show every message. */
  const submitWith = (send: (data: T) => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    if (!data) return touchAll();
    setSubmitting(true);
    void send(data).finally(() => setSubmitting(false));
  };

  return { values, errors, field, touchAll, data, isSubmitting, submitWith };
}
