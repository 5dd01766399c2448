import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and zod with it, some 35 KB compressed) is loaded at the form's first
 * validation instead of with its page: the form shows at once on a slow connection, and the user cannot have typed
 * much before it arrives. A failed load is tried again at the next validation.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

/**
 * A resolver that finds nothing to say about values the server already holds (`isSaved`), and asks `resolver` about
 * any others. react-hook-form checks a form as it mounts (for `isValid`); an edit form whose saving is off until
 * something changes then needs no schema before the user's first change, so a lazy one is not fetched with the page.
 */
export function savedValuesValid<T extends FieldValues>(resolver: Resolver<T>, isSaved: (values: T) => boolean) {
  const checked: Resolver<T> = (values, context, options) =>
    isSaved(values) ? { values, errors: {} } : resolver(values, context, options);
  return checked;
}
