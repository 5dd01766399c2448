/** The signed-in user as GET /api/user answers it: the type of the domain's schema, which the server documents. */
export type { UserDetails } from '@portal/domain';
