import { isAnyAdmin, SCOPES } from '@portal/domain';

type Actor = { id: number; companyId: number; scopes: readonly string[] };
type Owned = { userId: number; companyId: number };

const writesAll = (user: Actor) => user.scopes.includes(SCOPES.writeAllProductSubmissions);

/** Who may see and change a product submission (part 1 section 6). Anything else answers "not found". */
export const submissionPolicy = {
  view: (user: Actor, s: Owned) => s.companyId === user.companyId || isAnyAdmin(user),
  /** Lists (the activity tabs) span every company for administrators; anyone else's stop at their company. */
  seesEveryCompany: (user: Pick<Actor, 'scopes'>) => isAnyAdmin(user),
  /** The admin badge (detected against entered UPC) and the support ticket: staff only. */
  seeReviewDetails: (user: Pick<Actor, 'scopes'>) => isAnyAdmin(user),
  /** Accept, reject, catalogue: staff who write all submissions. */
  review: (user: Actor) => writesAll(user),
  /** The support ticket about an item: staff who write all submissions, whatever its status. */
  setTicket: (user: Pick<Actor, 'scopes'>) => writesAll(user as Actor),
  /** Staff may edit the name at any time; the creator's company while it is theirs to change. */
  editName: (user: Actor, s: Owned) => writesAll(user) || (s.companyId === user.companyId && !isAnyAdmin(user)),
  /** Appeal and resubmit: the supplier's company (and staff acting for them). */
  resubmit: (user: Actor, s: Owned) => writesAll(user) || (s.companyId === user.companyId && !isAnyAdmin(user)),
  /** The facts read from photos added on resubmit or for a catalogued product: accepted, corrected, dismissed. */
  decideFacts: (user: Actor, s: Owned) => writesAll(user) || (s.companyId === user.companyId && !isAnyAdmin(user)),
  /** Bulk edit of the product details (Edit to complete): as for the name. */
  bulkEdit: (user: Actor, s: Owned) => writesAll(user) || (s.companyId === user.companyId && !isAnyAdmin(user)),
  delete: (user: Actor, s: Owned) => writesAll(user) || s.userId === user.id,
};
