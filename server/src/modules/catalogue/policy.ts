import { isAnyAdmin, isReadOnlyAdmin, SCOPES } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type User = Pick<Actor, 'scopes'>;

/**
 * Who may see and change catalogued products (part 2 section 4). A supplier sees the products their company
 * submitted; staff see all, delisted ones too. A product the user may not see answers "not found". A delisted
 * product takes no images and is not delisted again: that is its state (409), not a permission.
 */
export const cataloguePolicy = {
  /** Every product, delisted ones included: any administrator. Anyone else: their company's submitted products. */
  seesEveryProduct: (user: User) => isAnyAdmin(user),
  /** Certified values (one submission, or the CSV import) and delisting: staff who write all submissions. */
  catalogue: (user: User) => user.scopes.includes(SCOPES.writeAllProductSubmissions),
  /** New images of a product: anyone who sees it but a read-only administrator. */
  addImages: (user: User) => !isReadOnlyAdmin(user),
  /** A product's shipping profile is the supplier company's choice: suppliers only. */
  setShippingProfile: (user: User) => !isAnyAdmin(user),
};
