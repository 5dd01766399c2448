import { zodResolver } from '@hookform/resolvers/zod';
import { accountInformationSchema, emailSchema } from '@portal/domain';

// Loaded at the form's first change, not with the page (ui/lazy-resolver.ts, use-email-taken.ts).

/** The account form's resolver. */
export const accountInformationResolver = zodResolver(accountInformationSchema);

/** Whether a typed e-mail address is well formed, as the form's schema sees it. */
export const isEmailAddress = (text: string) => emailSchema.safeParse(text).success;
