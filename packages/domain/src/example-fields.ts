import { z } from 'zod';

/**
 * The fields the API schemas repeat most, each with its OpenAPI example (`api-examples.ts` says where the values come
 * from). One call a field, where the written-out chain spreads over five lines.
 */
export const textField = (example: string) => z.string().meta({ examples: [example] });
export const nullableTextField = (example: string) =>
  z
    .string()
    .nullable()
    .meta({ examples: [example] });
export const intField = (example: number) =>
  z
    .number()
    .int()
    .meta({ examples: [example] });
export const nullableIntField = (example: number) =>
  z
    .number()
    .int()
    .nullable()
    .meta({ examples: [example] });
