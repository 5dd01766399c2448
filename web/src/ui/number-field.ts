/**
 * react-hook-form's `setValueAs` for a number typed into a text field: empty (or only spaces) is null, anything else
 * a number (NaN for text that is not one, which the shared zod schema then refuses with its message).
 */
export const numberOrNull = (value: unknown): number | null =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? null : Number(value);
