import { accessFormSchema } from '@portal/domain';

/** The access form's schema (and zod with it), loaded when the administrator first goes to a field (AccessPage). */
export const accessForm = accessFormSchema;
