import { forbidden, type HttpError } from './errors.ts';

/** The signed-in user as the policies see it: who they are, their company, their scopes (packages/domain). */
export interface Actor {
  id: number;
  companyId: number;
  scopes: readonly string[];
}

/**
 * Goes on only when the area's policy (modules/<area>/policy.ts) allowed it. The refusal is 403 unless the caller
 * names another: a record of another company answers 404, so that its existence is not revealed.
 */
export function authorize(allowed: boolean, refusal: () => HttpError = forbidden): asserts allowed {
  if (!allowed) throw refusal();
}
