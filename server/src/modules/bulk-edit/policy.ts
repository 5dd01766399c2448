import { isAnyAdmin } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';
import { submissionPolicy } from '../submissions/policy.ts';

/**
 * Who may use the bulk edit (Edit to complete, part 1 section 8). Its rows are product submissions, so the
 * submission rules decide which rows a user sees and saves; an id they may not see or edit answers "not found".
 */
export const bulkEditPolicy = {
  viewRow: submissionPolicy.view,
  editRow: submissionPolicy.bulkEdit,
  /** The form's lists (steps and columns, market accounts, attributes, classes, units): any signed-in user. */
  readOptions: (_user: Pick<Actor, 'id'>) => true,
  /** Brands to choose from: staff pick any supplier company; a supplier only their own company. */
  brandsOfEveryCompany: (user: Pick<Actor, 'scopes'>) => isAnyAdmin(user),
};
