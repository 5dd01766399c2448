import { isAnyAdmin, isReadOnlyAdmin, SCOPES } from '@portal/domain';

type Actor = { id: number; companyId: number; scopes: readonly string[] };
type DraftOwner = { userId: number; companyId: number };

/** Who may see and change a draft (part 1 section 6). Anything else answers "not found". */
export const draftPolicy = {
  /** The draft's company, and administrators who read all submissions. */
  view: (user: Actor, draft: DraftOwner) => draft.companyId === user.companyId || isAnyAdmin(user),
  /** Lists span every company for administrators; anyone else's stop at their company. */
  seesEveryCompany: (user: Pick<Actor, 'scopes'>) => isAnyAdmin(user),
  /** Start drafts, add files, change, submit and delete them: anyone but a read-only administrator, who only looks. */
  write: (user: Pick<Actor, 'scopes'>) => !isReadOnlyAdmin(user),
  /** Its creator, and administrators who may write all submissions (not read-only ones). */
  edit: (user: Actor, draft: DraftOwner) =>
    draft.userId === user.id || user.scopes.includes(SCOPES.writeAllProductSubmissions),
};
