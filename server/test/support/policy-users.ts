import { ALL_SCOPES, SCOPES } from '@portal/domain';

/**
 * The people the policy tests ask about a company's record (`ownRecord`, made by `creator`): a colleague in the same
 * supplier company, a user of another company, a full administrator and a read-only one (of the staff company).
 */
export const ownRecord = { userId: 1, companyId: 10 };
export const creator = { id: 1, companyId: 10, scopes: [] as string[] };
export const colleague = { id: 2, companyId: 10, scopes: [] as string[] };
export const stranger = { id: 3, companyId: 11, scopes: [] as string[] };
export const admin = { id: 4, companyId: 99, scopes: [...ALL_SCOPES] as string[] };
export const viewer = { id: 5, companyId: 99, scopes: [SCOPES.readAllProductSubmissions] as string[] };
