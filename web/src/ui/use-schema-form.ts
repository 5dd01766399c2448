import { useMemo, useState, type ChangeEvent } from 'react';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
/** What the form needs of a zod schema (classic or mini): a safeParse. */
interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * Form state for the pages a visitor sees before signing in, which load without a form library (issue 18): the
 * values, the fields the user has left (validated from then on, as react-hook-form's `onTouched` does elsewhere),
 * and the shared schema's first message for each of those fields.
 */
export function useSchemaForm<T extends Record<string, string>>(schema: FormSchema<T>, initial: T) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof T>>(() => new Set());
  const result = useMemo(() => schema.safeParse(values), [schema, values]);

  const errors: Partial<Record<keyof T, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T;
      if (touched.has(name) && errors[name] === undefined) errors[name] = issue.message;
    }
  }

  /** The props that bind an input to one field. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => (current.has(name) ? current : new Set(current).add(name))),
  });

  /** Shows every field's message (a submit with something still wrong). */
  const touchAll = () => setTouched(new Set(Object.keys(initial) as (keyof T)[]));

  return { values, errors, field, touchAll, data: result.success ? result.data : undefined };
}
