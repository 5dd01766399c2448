// Fetched by the login and password forms when the user starts on them (ui/use-schema-form.ts): the shared schemas
// and zod with them, kept out of the pages' first load.
export { forgotPasswordFormSchema, loginFormSchema, newPasswordFormSchema } from '@portal/domain';
