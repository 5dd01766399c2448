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
