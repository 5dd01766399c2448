import { zodResolver } from '@hookform/resolvers/zod';
import { accountInformationSchema } from '@portal/domain';

/** The account form's resolver, loaded when the form first validates (ui/lazy-resolver.ts). */
export const accountInformationResolver = zodResolver(accountInformationSchema);
