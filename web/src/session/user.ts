/** The signed-in user as GET /api/user answers it. */
export interface UserDetails {
  id: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email: string;
  company: { id: number; name: string } | null;
  /** A user of the external identity provider, who manages the account here. */
  isAuth0User: boolean;
  scopes: string[];
  sessionPartnerCompanyId: number | null;
  tcAcceptanceDate: string | null;
  /** The user's company is a bulk ingestion organisation (sees Imports). */
  hasBulkIngestionAccess: boolean;
}
