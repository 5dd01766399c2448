/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ActivityKind =
  | 'Draft'
  | 'Product';

export type ActivityTab =
  | 'accepted'
  | 'all'
  | 'archived'
  | 'drafts'
  | 'pending'
  | 'rejected'
  | 'requires_action';

/** Every field of the form except the files, which are uploaded separately (part 2 section 7). */
export type BrandProfileInput = {
  brandCityName?: string | null | undefined;
  brandCountryCode?: string | null | undefined;
  brandStateCode?: string | null | undefined;
  brandStory?: string | null | undefined;
  brandWebsiteUrl?: string | null | undefined;
  /** states, national or international */
  distributionRange?: string | null | undefined;
  distributionRangeStates?: Array<string> | null | undefined;
  facebookUrl?: string | null | undefined;
  instagramUrl?: string | null | undefined;
  /** Only read by createBrandProfile (default true). */
  isPublished?: boolean | null | undefined;
  marketingVideoUrl?: string | null | undefined;
  primaryBrokerCompany?: string | null | undefined;
  primaryBrokerEmail?: string | null | undefined;
  primaryBrokerName?: string | null | undefined;
  primaryBrokerPhone?: string | null | undefined;
  primaryBrokerTitle?: string | null | undefined;
  primaryDistributionMethod?: string | null | undefined;
  primaryInvestor?: string | null | undefined;
  raisingInvestment?: string | null | undefined;
  salesContactEmail?: string | null | undefined;
  salesContactName?: string | null | undefined;
  salesContactPhone?: string | null | undefined;
  salesContactTitle?: string | null | undefined;
  samplesOffered?: boolean | null | undefined;
  secondaryDistributionMethod?: string | null | undefined;
  secondaryInvestor?: string | null | undefined;
  twitterUrl?: string | null | undefined;
  /** Digits, at most 4. */
  yearFounded?: string | null | undefined;
};

/** The access form: the company, and the folder name and image source (normalised by the server too). */
export type BulkIngestionOrganizationInput = {
  companyId: number;
  folderName: string;
  imageSource: string;
};

export type CatalogueSortField =
  | 'brand'
  | 'description'
  | 'ean13Upc'
  | 'itemSize'
  | 'unitsOfMeasure'
  | 'updatedDate';

export type CertifiedValuesInput = {
  brand: string;
  category?: string | null | undefined;
  department?: string | null | undefined;
  description: string;
  itemSize?: string | null | undefined;
  packCount?: number | null | undefined;
  subcategory?: string | null | undefined;
  unitsOfMeasure?: string | null | undefined;
};

/** A staff decision on a submitted item: accept it, or reject it with a reason. */
export type DecisionStatus =
  | 'ACCEPTED'
  | 'ADMIN_REJECTED';

export type DetectionStatus =
  | 'done'
  | 'failed'
  | 'pending';

export type DraftFileInput = {
  fileName: string;
  isMarketingImage?: boolean | null | undefined;
  productName?: string | null | undefined;
  shippingProfileId?: number | null | undefined;
  upc?: string | null | undefined;
};

/** Where a value came from: read from a photo (photo), corrected from a reading (corrected), or typed */
export type FactSourceKind =
  | 'corrected'
  | 'photo'
  | 'typed';

export type FieldRuleInput = {
  field: string;
  required?: boolean | null | undefined;
  visible?: boolean | null | undefined;
};

export type ItemStatus =
  | 'ACCEPTED'
  | 'ADMIN_REJECTED'
  | 'AUTO_REJECTED'
  | 'CATALOGUED'
  | 'DELISTED'
  | 'IN_PROGRESS'
  | 'PREPOPULATED'
  | 'SUBMITTED';

export type MeasureInput = {
  unit?: string | null | undefined;
  value?: number | null | undefined;
};

/** Everything of a configuration except the logo, which is uploaded separately. */
export type PartnerConfigurationInput = {
  /** Replaces the blocking photo checks when given. */
  blockingPhotoChecks?: Array<string> | null | undefined;
  /** The undo window of review decisions on or off; left out keeps it. */
  decisionUndo?: boolean | null | undefined;
  /** Replaces every field rule when given: a field or flag left out goes back to its default (visible, required). Left out with the three section flags, the stored rules stay. A field not visible is stored as not required. */
  fieldRules?: Array<FieldRuleInput> | null | undefined;
  landingPageEnabled: boolean;
  /** The updatedDate the change was made from: if the configuration was saved since, the change is refused (CONFLICT) instead of overwriting that save. */
  lastUpdatedDate?: string | null | undefined;
  /** The low-resolution line in pixels (100 to 10000); left out keeps the stored one. */
  minImageLongSidePx?: number | null | undefined;
  placementFieldsVisible?: boolean | null | undefined;
  pricingFieldsVisible?: boolean | null | undefined;
  primaryColor: string;
  promotionFieldsVisible?: boolean | null | undefined;
  /** The review SLA in hours (1 to 2160); null clears it; left out keeps it. */
  reviewSlaHours?: number | null | undefined;
  /** Second approval of review decisions: off, reject, accept or both; left out keeps it. */
  secondApproval?: string | null | undefined;
  /** The button colour; null or left out clears it (the whole configuration is sent, as the settings screen does). */
  secondaryColor?: string | null | undefined;
};

/** A bulk-edit row to save. A field left out keeps its stored value; null clears it. The UPC cannot be changed. */
export type ProductSubmissionRowInput = {
  attributes?: Array<ReferenceInput> | null | undefined;
  /** The brand. */
  companyName?: string | null | undefined;
  deliveredCost?: number | null | undefined;
  depth?: number | null | undefined;
  edlp?: number | null | undefined;
  fairShareMerchandisingSupport?: boolean | null | undefined;
  fobCost?: number | null | undefined;
  freeFill?: boolean | null | undefined;
  height?: number | null | undefined;
  id: string | number;
  inStoreDemo?: boolean | null | undefined;
  marketAccounts?: Array<ReferenceInput> | null | undefined;
  msrp?: number | null | undefined;
  offInvoice?: boolean | null | undefined;
  paidAds?: boolean | null | undefined;
  productName?: string | null | undefined;
  size?: number | null | undefined;
  suggestedClass?: string | null | undefined;
  tpr?: boolean | null | undefined;
  uom?: string | null | undefined;
  wholesaleCost?: number | null | undefined;
  width?: number | null | undefined;
};

/** A rule as ReadinessRule describes it; the fields of other kinds are left out. */
export type ReadinessRuleInput = {
  /** submit or after-submit; by the field when left out. */
  appliesAt?: string | null | undefined;
  check?: string | null | undefined;
  code: string;
  field?: string | null | undefined;
  fileType?: string | null | undefined;
  fix: string;
  kind: string;
  max?: number | null | undefined;
  message: string;
  min?: number | null | undefined;
  minLongSidePx?: number | null | undefined;
  pattern?: string | null | undefined;
  prefixes?: Array<string> | null | undefined;
  /** photo-roles: front, back, side, nutrition-panel, ingredients, barcode. */
  roles?: Array<string> | null | undefined;
  severity: RuleSeverity;
  weight: number;
};

/** A market account or attribute by id; the name is ignored. */
export type ReferenceInput = {
  id: number;
  name?: string | null | undefined;
};

/** What a comment is about: the UPC, the product name, another attribute, a product fact, a file, or a region of its image */
export type ReviewCommentTarget =
  | 'addedSugars'
  | 'allergens'
  | 'brand'
  | 'calcium'
  | 'calories'
  | 'cholesterol'
  | 'currentlySellingAt'
  | 'deliveredCost'
  | 'dietaryAttributes'
  | 'dietaryFiber'
  | 'edlp'
  | 'fairShareMerchandisingSupport'
  | 'file'
  | 'fob'
  | 'freeFill'
  | 'inStoreDemo'
  | 'ingredients'
  | 'iron'
  | 'itemDepth'
  | 'itemHeight'
  | 'itemWidth'
  | 'msrp'
  | 'netContent'
  | 'offInvoice'
  | 'paidAds'
  | 'potassium'
  | 'productName'
  | 'protein'
  | 'region'
  | 'saturatedFat'
  | 'servingSize'
  | 'servingsPerContainer'
  | 'shippingProfile'
  | 'size'
  | 'sodium'
  | 'suggestedClass'
  | 'totalCarbohydrate'
  | 'totalFat'
  | 'totalSugars'
  | 'tpr'
  | 'transFat'
  | 'unitOfMeasure'
  | 'upc'
  | 'vitaminD'
  | 'wholesaleCost';

/** blocking: the product cannot be submitted to this partner; warning and info: it can. */
export type RuleSeverity =
  | 'blocking'
  | 'info'
  | 'warning';

export type SearchKind =
  | 'company'
  | 'product'
  | 'submission'
  | 'submitter';

/** Numbers are Float so that the shared rules answer with their own messages ("Must be an integer"). */
export type ShippingProfileInput = {
  caseCount?: number | null | undefined;
  caseHeight?: MeasureInput | null | undefined;
  caseLength?: MeasureInput | null | undefined;
  caseWidth?: MeasureInput | null | undefined;
  grossWeight?: MeasureInput | null | undefined;
  name: string;
  netWeight?: MeasureInput | null | undefined;
  palletLayers?: number | null | undefined;
  palletTiers?: number | null | undefined;
};

export type SortDirection =
  | 'asc'
  | 'desc';

export type UpdateDraftSubmissionInput = {
  files: Array<DraftFileInput>;
};

export type BrandProfileFieldsFragment = { id: number, companyId: number, isPublished: boolean, brandLogoFilename: string | null, brandLogoUrl: string | null, productOneSheetFilename: string | null, productOneSheetUrl: string | null, salesDeckFilename: string | null, salesDeckUrl: string | null, marketingVideoUrl: string | null, brandWebsiteUrl: string | null, brandCountryCode: string | null, brandStateCode: string | null, brandCityName: string | null, yearFounded: number | null, brandStory: string | null, facebookUrl: string | null, instagramUrl: string | null, twitterUrl: string | null, samplesOffered: boolean | null, primaryInvestor: string | null, secondaryInvestor: string | null, raisingInvestment: string | null, primaryDistributionMethod: string | null, secondaryDistributionMethod: string | null, distributionRange: string | null, distributionRangeStates: Array<string>, salesContact: { Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, primaryBroker: { Company: string | null, Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, can: { edit: boolean } };

export type CompanyBrandProfilesQueryVariables = Exact<{
  companyId: number;
}>;


export type CompanyBrandProfilesQuery = { getCompany: { id: number, name: string, brandProfiles: Array<{ id: number, companyId: number, isPublished: boolean, brandLogoFilename: string | null, brandLogoUrl: string | null, productOneSheetFilename: string | null, productOneSheetUrl: string | null, salesDeckFilename: string | null, salesDeckUrl: string | null, marketingVideoUrl: string | null, brandWebsiteUrl: string | null, brandCountryCode: string | null, brandStateCode: string | null, brandCityName: string | null, yearFounded: number | null, brandStory: string | null, facebookUrl: string | null, instagramUrl: string | null, twitterUrl: string | null, samplesOffered: boolean | null, primaryInvestor: string | null, secondaryInvestor: string | null, raisingInvestment: string | null, primaryDistributionMethod: string | null, secondaryDistributionMethod: string | null, distributionRange: string | null, distributionRangeStates: Array<string>, salesContact: { Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, primaryBroker: { Company: string | null, Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, can: { edit: boolean } }> } | null };

export type CountriesQueryVariables = Exact<{ [key: string]: never; }>;


export type CountriesQuery = { getCountries: Array<{ id: number, name: string, code: string }> };

export type StatesQueryVariables = Exact<{
  countryCode: string;
}>;


export type StatesQuery = { getStates: Array<{ id: number, name: string, code: string }> };

export type CitiesQueryVariables = Exact<{
  countryCode: string;
  stateCode: string;
}>;


export type CitiesQuery = { getCities: Array<{ id: number, name: string }> };

export type DistributionMethodsQueryVariables = Exact<{ [key: string]: never; }>;


export type DistributionMethodsQuery = { getDistributionMethods: Array<{ id: number, name: string }> };

export type CreateBrandProfileMutationVariables = Exact<{
  companyId: number;
  input: BrandProfileInput;
}>;


export type CreateBrandProfileMutation = { createBrandProfile: { id: number, companyId: number, isPublished: boolean, brandLogoFilename: string | null, brandLogoUrl: string | null, productOneSheetFilename: string | null, productOneSheetUrl: string | null, salesDeckFilename: string | null, salesDeckUrl: string | null, marketingVideoUrl: string | null, brandWebsiteUrl: string | null, brandCountryCode: string | null, brandStateCode: string | null, brandCityName: string | null, yearFounded: number | null, brandStory: string | null, facebookUrl: string | null, instagramUrl: string | null, twitterUrl: string | null, samplesOffered: boolean | null, primaryInvestor: string | null, secondaryInvestor: string | null, raisingInvestment: string | null, primaryDistributionMethod: string | null, secondaryDistributionMethod: string | null, distributionRange: string | null, distributionRangeStates: Array<string>, salesContact: { Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, primaryBroker: { Company: string | null, Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, can: { edit: boolean } } };

export type UpdateBrandProfileMutationVariables = Exact<{
  companyId: number;
  brandProfileId: number;
  input: BrandProfileInput;
}>;


export type UpdateBrandProfileMutation = { updateBrandProfile: { id: number, companyId: number, isPublished: boolean, brandLogoFilename: string | null, brandLogoUrl: string | null, productOneSheetFilename: string | null, productOneSheetUrl: string | null, salesDeckFilename: string | null, salesDeckUrl: string | null, marketingVideoUrl: string | null, brandWebsiteUrl: string | null, brandCountryCode: string | null, brandStateCode: string | null, brandCityName: string | null, yearFounded: number | null, brandStory: string | null, facebookUrl: string | null, instagramUrl: string | null, twitterUrl: string | null, samplesOffered: boolean | null, primaryInvestor: string | null, secondaryInvestor: string | null, raisingInvestment: string | null, primaryDistributionMethod: string | null, secondaryDistributionMethod: string | null, distributionRange: string | null, distributionRangeStates: Array<string>, salesContact: { Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, primaryBroker: { Company: string | null, Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, can: { edit: boolean } } };

export type UpdateBrandProfileIsPublishedMutationVariables = Exact<{
  companyId: number;
  brandProfileId: number;
  isPublished: boolean;
}>;


export type UpdateBrandProfileIsPublishedMutation = { updateBrandProfileIsPublished: { id: number, companyId: number, isPublished: boolean, brandLogoFilename: string | null, brandLogoUrl: string | null, productOneSheetFilename: string | null, productOneSheetUrl: string | null, salesDeckFilename: string | null, salesDeckUrl: string | null, marketingVideoUrl: string | null, brandWebsiteUrl: string | null, brandCountryCode: string | null, brandStateCode: string | null, brandCityName: string | null, yearFounded: number | null, brandStory: string | null, facebookUrl: string | null, instagramUrl: string | null, twitterUrl: string | null, samplesOffered: boolean | null, primaryInvestor: string | null, secondaryInvestor: string | null, raisingInvestment: string | null, primaryDistributionMethod: string | null, secondaryDistributionMethod: string | null, distributionRange: string | null, distributionRangeStates: Array<string>, salesContact: { Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, primaryBroker: { Company: string | null, Email: string | null, Name: string | null, Phone: string | null, Title: string | null } | null, can: { edit: boolean } } };

export type BulkEditRowsQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type BulkEditRowsQuery = { getProductSubmissions: Array<{ id: string, upc: string, partnerCompanyId: number | null, canEdit: boolean, fromSheet: Array<string>, productName: string | null, companyName: string | null, suggestedClass: string | null, height: number | null, width: number | null, depth: number | null, size: number | null, uom: string | null, fobCost: number | null, msrp: number | null, edlp: number | null, deliveredCost: number | null, wholesaleCost: number | null, freeFill: boolean | null, inStoreDemo: boolean | null, fairShareMerchandisingSupport: boolean | null, paidAds: boolean | null, offInvoice: boolean | null, tpr: boolean | null, marketAccounts: Array<{ id: number, name: string }>, attributes: Array<{ id: number, name: string }> }> };

export type BulkEditRowFieldsFragment = { id: string, upc: string, partnerCompanyId: number | null, canEdit: boolean, fromSheet: Array<string>, productName: string | null, companyName: string | null, suggestedClass: string | null, height: number | null, width: number | null, depth: number | null, size: number | null, uom: string | null, fobCost: number | null, msrp: number | null, edlp: number | null, deliveredCost: number | null, wholesaleCost: number | null, freeFill: boolean | null, inStoreDemo: boolean | null, fairShareMerchandisingSupport: boolean | null, paidAds: boolean | null, offInvoice: boolean | null, tpr: boolean | null, marketAccounts: Array<{ id: number, name: string }>, attributes: Array<{ id: number, name: string }> };

export type UpdateBulkEditRowsMutationVariables = Exact<{
  rows: Array<ProductSubmissionRowInput> | ProductSubmissionRowInput;
}>;


export type UpdateBulkEditRowsMutation = { updateProductSubmissions: Array<{ id: string, upc: string, partnerCompanyId: number | null, canEdit: boolean, fromSheet: Array<string>, productName: string | null, companyName: string | null, suggestedClass: string | null, height: number | null, width: number | null, depth: number | null, size: number | null, uom: string | null, fobCost: number | null, msrp: number | null, edlp: number | null, deliveredCost: number | null, wholesaleCost: number | null, freeFill: boolean | null, inStoreDemo: boolean | null, fairShareMerchandisingSupport: boolean | null, paidAds: boolean | null, offInvoice: boolean | null, tpr: boolean | null, marketAccounts: Array<{ id: number, name: string }>, attributes: Array<{ id: number, name: string }> }> };

export type BulkEditAttributesQueryVariables = Exact<{ [key: string]: never; }>;


export type BulkEditAttributesQuery = { attributes: Array<{ id: number, name: string }> };

export type SearchMarketAccountsQueryVariables = Exact<{
  name: string;
}>;


export type SearchMarketAccountsQuery = { searchMarketAccountsByName: Array<{ id: number, name: string }> };

export type SearchBrandsQueryVariables = Exact<{
  name: string;
}>;


export type SearchBrandsQuery = { searchBrandsByName: Array<{ id: number, name: string }> };

export type BulkIngestionOrganizationsQueryVariables = Exact<{ [key: string]: never; }>;


export type BulkIngestionOrganizationsQuery = { bulkIngestionOrganizations: Array<{ id: number, companyId: number, companyName: string, folderName: string, imageSource: string }> };

export type CreateBulkIngestionOrganizationMutationVariables = Exact<{
  input: BulkIngestionOrganizationInput;
}>;


export type CreateBulkIngestionOrganizationMutation = { createBulkIngestionOrganization: { id: number, companyId: number, companyName: string, folderName: string, imageSource: string } };

export type SearchCompaniesByNameQueryVariables = Exact<{
  name: string;
}>;


export type SearchCompaniesByNameQuery = { searchCompaniesByName: Array<{ id: number, name: string }> };

export type CataloguedProductFieldsFragment = { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } };

export type CataloguedProductsQueryVariables = Exact<{
  upcPrefix?: string | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  sortBy?: CatalogueSortField | null | undefined;
  sortDirection?: SortDirection | null | undefined;
  brand?: string | null | undefined;
  description?: string | null | undefined;
  q?: string | null | undefined;
  after?: string | null | undefined;
  before?: string | null | undefined;
}>;


export type CataloguedProductsQuery = { getCataloguedProducts: { total: number, more: boolean, page: number, pageSize: number, startCursor: string | null, endCursor: string | null, items: Array<{ ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } }> } };

export type CataloguedProductQueryVariables = Exact<{
  ean13Upc: string;
}>;


export type CataloguedProductQuery = { getCataloguedProduct: { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } } | null };

export type CataloguedProductFactsQueryVariables = Exact<{
  ean13Upc: string;
}>;


export type CataloguedProductFactsQuery = { getCataloguedProduct: { ean13Upc: string, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null } | null };

export type CatalogueSubmissionMutationVariables = Exact<{
  id: string | number;
  input: CertifiedValuesInput;
}>;


export type CatalogueSubmissionMutation = { catalogueSubmission: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export type DelistCataloguedProductMutationVariables = Exact<{
  ean13Upc: string;
}>;


export type DelistCataloguedProductMutation = { delistCataloguedProduct: { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } } };

export type DraftSubmissionQueryVariables = Exact<{
  id: string | number;
}>;


export type DraftSubmissionQuery = { getDraftSubmission: { id: string, partnerCompanyId: number | null, updatedDate: string, can: { edit: boolean, delete: boolean }, files: Array<{ fileName: string, kind: string, upc: string | null, productName: string | null, detectedUpc: string | null, detectedUpcs: Array<string>, detectionStatus: DetectionStatus, shippingProfileId: number | null, isMarketingImage: boolean, imageUrl: string, thumbnailUrl: string, thumbnailReady: boolean, longSidePx: number | null, factReadingStatus: string, photoRoles: Array<string>, photoRolesChosen: boolean, qualityIssues: Array<{ code: string, message: string }> }> } };

export type ReadinessRulesQueryVariables = Exact<{
  partnerCompanyId: number;
}>;


export type ReadinessRulesQuery = { getReadinessRules: { version: number, rules: Array<{ code: string, kind: string, message: string, fix: string, severity: RuleSeverity, weight: number, field: string | null, min: number | null, check: string | null, minLongSidePx: number | null, prefixes: Array<string> | null, max: number | null, pattern: string | null, fileType: string | null, roles: Array<string> | null, appliesAt: string }> } };

export type UpdateDraftSubmissionMutationVariables = Exact<{
  id: string | number;
  input: UpdateDraftSubmissionInput;
}>;


export type UpdateDraftSubmissionMutation = { updateDraftSubmission: { id: string } };

export type SubmitProductsFromDraftSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type SubmitProductsFromDraftSubmissionMutation = { submitProductsFromDraftSubmission: Array<{ id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus }> };

export type DeleteDraftSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteDraftSubmissionMutation = { deleteDraftSubmission: boolean };

export type RemoveDraftFileMutationVariables = Exact<{
  id: string | number;
  fileName: string;
}>;


export type RemoveDraftFileMutation = { removeDraftFile: { id: string } };

export type PartnerConfigurationFieldsFragment = { id: number, companyId: number, companyName: string, partnerLogoFileName: string | null, primaryColor: string, secondaryColor: string | null, landingPageEnabled: boolean, placementFieldsVisible: boolean, pricingFieldsVisible: boolean, promotionFieldsVisible: boolean, blockingPhotoChecks: Array<string>, minImageLongSidePx: number, decisionUndo: boolean, reviewSlaHours: number | null, secondApproval: string, updatedDate: string, fieldRules: Array<{ field: string, visible: boolean, required: boolean }> };

export type PartnerConfigurationsQueryVariables = Exact<{ [key: string]: never; }>;


export type PartnerConfigurationsQuery = { getPartnerConfigurations: Array<{ id: number, companyId: number, companyName: string, partnerLogoFileName: string | null, primaryColor: string, secondaryColor: string | null, landingPageEnabled: boolean, placementFieldsVisible: boolean, pricingFieldsVisible: boolean, promotionFieldsVisible: boolean, blockingPhotoChecks: Array<string>, minImageLongSidePx: number, decisionUndo: boolean, reviewSlaHours: number | null, secondApproval: string, updatedDate: string, fieldRules: Array<{ field: string, visible: boolean, required: boolean }> }> };

export type PartnerConfigurationQueryVariables = Exact<{
  partnerConfigurationId: number;
}>;


export type PartnerConfigurationQuery = { getPartnerConfiguration: { id: number, companyId: number, companyName: string, partnerLogoFileName: string | null, primaryColor: string, secondaryColor: string | null, landingPageEnabled: boolean, placementFieldsVisible: boolean, pricingFieldsVisible: boolean, promotionFieldsVisible: boolean, blockingPhotoChecks: Array<string>, minImageLongSidePx: number, decisionUndo: boolean, reviewSlaHours: number | null, secondApproval: string, updatedDate: string, fieldRules: Array<{ field: string, visible: boolean, required: boolean }> } | null };

export type CreatePartnerConfigurationMutationVariables = Exact<{
  companyId: number;
}>;


export type CreatePartnerConfigurationMutation = { createPartnerConfiguration: { id: number, companyId: number, companyName: string, partnerLogoFileName: string | null, primaryColor: string, secondaryColor: string | null, landingPageEnabled: boolean, placementFieldsVisible: boolean, pricingFieldsVisible: boolean, promotionFieldsVisible: boolean, blockingPhotoChecks: Array<string>, minImageLongSidePx: number, decisionUndo: boolean, reviewSlaHours: number | null, secondApproval: string, updatedDate: string, fieldRules: Array<{ field: string, visible: boolean, required: boolean }> } | null };

export type UpdatePartnerConfigurationMutationVariables = Exact<{
  partnerConfigurationId: number;
  input: PartnerConfigurationInput;
}>;


export type UpdatePartnerConfigurationMutation = { updatePartnerConfiguration: { id: number, companyId: number, companyName: string, partnerLogoFileName: string | null, primaryColor: string, secondaryColor: string | null, landingPageEnabled: boolean, placementFieldsVisible: boolean, pricingFieldsVisible: boolean, promotionFieldsVisible: boolean, blockingPhotoChecks: Array<string>, minImageLongSidePx: number, decisionUndo: boolean, reviewSlaHours: number | null, secondApproval: string, updatedDate: string, fieldRules: Array<{ field: string, visible: boolean, required: boolean }> } | null };

export type ReadinessRuleFieldsFragment = { code: string, kind: string, message: string, fix: string, severity: RuleSeverity, weight: number, field: string | null, min: number | null, check: string | null, minLongSidePx: number | null, prefixes: Array<string> | null, max: number | null, pattern: string | null, fileType: string | null, roles: Array<string> | null, appliesAt: string };

export type PartnerReadinessRulesQueryVariables = Exact<{
  partnerCompanyId: number;
}>;


export type PartnerReadinessRulesQuery = { getReadinessRules: { version: number, rules: Array<{ code: string, kind: string, message: string, fix: string, severity: RuleSeverity, weight: number, field: string | null, min: number | null, check: string | null, minLongSidePx: number | null, prefixes: Array<string> | null, max: number | null, pattern: string | null, fileType: string | null, roles: Array<string> | null, appliesAt: string }> } };

export type DryRunReadinessRulesQueryVariables = Exact<{
  partnerCompanyId: number;
  rules: Array<ReadinessRuleInput> | ReadinessRuleInput;
  after?: string | null | undefined;
}>;


export type DryRunReadinessRulesQuery = { dryRunReadinessRules: { judged: number, total: number, next: string | null, becomesNotReady: number, becomesReady: number, scoreChanges: number, openDrafts: number, draftsBlocked: number, draftsNewlyBlocked: number, rules: Array<{ code: string, failing: number, becomesNotReady: number, becomesReady: number, draftsBlocked: number }> } };

export type SaveReadinessRulesMutationVariables = Exact<{
  partnerCompanyId: number;
  rules: Array<ReadinessRuleInput> | ReadinessRuleInput;
}>;


export type SaveReadinessRulesMutation = { saveReadinessRules: { version: number, rules: Array<{ code: string, kind: string, message: string, fix: string, severity: RuleSeverity, weight: number, field: string | null, min: number | null, check: string | null, minLongSidePx: number | null, prefixes: Array<string> | null, max: number | null, pattern: string | null, fileType: string | null, roles: Array<string> | null, appliesAt: string }> } };

export type SearchQueryVariables = Exact<{
  q: string;
  limit?: number | null | undefined;
}>;


export type SearchQuery = { search: { query: string, products: Array<{ kind: SearchKind, id: string, title: string, detail: string | null, upc: string | null, status: string | null, partner: { id: number, name: string } | null, company: { id: number, name: string } | null }>, submissions: Array<{ kind: SearchKind, id: string, title: string, detail: string | null, upc: string | null, status: string | null, partner: { id: number, name: string } | null, company: { id: number, name: string } | null }>, companies: Array<{ kind: SearchKind, id: string, title: string, detail: string | null, upc: string | null, status: string | null, partner: { id: number, name: string } | null, company: { id: number, name: string } | null }>, submitters: Array<{ kind: SearchKind, id: string, title: string, detail: string | null, upc: string | null, status: string | null, partner: { id: number, name: string } | null, company: { id: number, name: string } | null }> } };

export type SearchHitFieldsFragment = { kind: SearchKind, id: string, title: string, detail: string | null, upc: string | null, status: string | null, partner: { id: number, name: string } | null, company: { id: number, name: string } | null };

export type ShippingProfileFieldsFragment = { id: number, name: string, companyId: number, caseCount: number, palletTiers: number | null, palletLayers: number | null, updatedDate: string, updatedByFirstName: string | null, updatedByLastName: string | null, updatedByEmail: string | null, grossWeight: { value: number, unit: string } | null, netWeight: { value: number, unit: string } | null, caseLength: { value: number, unit: string } | null, caseWidth: { value: number, unit: string } | null, caseHeight: { value: number, unit: string } | null, associatedSubmissions: Array<{ type: ItemStatus, count: number }>, can: { edit: boolean } };

export type ShippingProfilesQueryVariables = Exact<{
  companyId?: number | null | undefined;
  associatedSubmissions?: boolean | null | undefined;
}>;


export type ShippingProfilesQuery = { getShippingProfileForCurrentUser: Array<{ id: number, name: string, companyId: number, caseCount: number, palletTiers: number | null, palletLayers: number | null, updatedDate: string, updatedByFirstName: string | null, updatedByLastName: string | null, updatedByEmail: string | null, grossWeight: { value: number, unit: string } | null, netWeight: { value: number, unit: string } | null, caseLength: { value: number, unit: string } | null, caseWidth: { value: number, unit: string } | null, caseHeight: { value: number, unit: string } | null, associatedSubmissions: Array<{ type: ItemStatus, count: number }>, can: { edit: boolean } }> };

export type ShippingProfileOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShippingProfileOptionsQuery = { getShippingProfileForCurrentUser: Array<{ id: number, name: string }> };

export type ShippingProfileQueryVariables = Exact<{
  id: number;
}>;


export type ShippingProfileQuery = { getShippingProfile: { id: number, name: string, companyId: number, caseCount: number, palletTiers: number | null, palletLayers: number | null, updatedDate: string, updatedByFirstName: string | null, updatedByLastName: string | null, updatedByEmail: string | null, grossWeight: { value: number, unit: string } | null, netWeight: { value: number, unit: string } | null, caseLength: { value: number, unit: string } | null, caseWidth: { value: number, unit: string } | null, caseHeight: { value: number, unit: string } | null, associatedSubmissions: Array<{ type: ItemStatus, count: number }>, can: { edit: boolean } } };

export type ShippingProfileProductsQueryVariables = Exact<{
  id: number;
}>;


export type ShippingProfileProductsQuery = { getShippingProfileProducts: Array<{ upc: string, name: string | null, status: ItemStatus, associated: boolean, otherProfileName: string | null }> };

export type CreateShippingProfileMutationVariables = Exact<{
  input: ShippingProfileInput;
  companyId?: number | null | undefined;
}>;


export type CreateShippingProfileMutation = { createShippingProfile: { id: number, name: string, companyId: number, caseCount: number, palletTiers: number | null, palletLayers: number | null, updatedDate: string, updatedByFirstName: string | null, updatedByLastName: string | null, updatedByEmail: string | null, grossWeight: { value: number, unit: string } | null, netWeight: { value: number, unit: string } | null, caseLength: { value: number, unit: string } | null, caseWidth: { value: number, unit: string } | null, caseHeight: { value: number, unit: string } | null, associatedSubmissions: Array<{ type: ItemStatus, count: number }>, can: { edit: boolean } } };

export type ShippingProfileCompanySearchQueryVariables = Exact<{
  name: string;
}>;


export type ShippingProfileCompanySearchQuery = { searchCompaniesByName: Array<{ id: number, name: string }> };

export type ShippingProfileCompanyQueryVariables = Exact<{
  companyId: number;
}>;


export type ShippingProfileCompanyQuery = { getCompany: { id: number, name: string } | null };

export type SearchPartnerConfigurationsQueryVariables = Exact<{
  name: string;
}>;


export type SearchPartnerConfigurationsQuery = { searchPartnerConfigurations: Array<{ id: number, companyName: string }> };

export type ActivityPageQueryVariables = Exact<{
  tab?: ActivityTab | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  photoIssues?: boolean | null | undefined;
  q?: string | null | undefined;
  boundary?: string | null | undefined;
}>;


export type ActivityPageQuery = { getProductSubmissionsByStatuses: { total: number, page: number, pageSize: number, startCursor: string | null, endCursor: string | null, items: Array<{ kind: ActivityKind, id: string, upc: string | null, upcs: Array<string>, productName: string | null, itemStatus: ItemStatus, updatedDate: string, fileCount: number, partnerCompanyId: number | null, partnerStatusLabel: string, canDelete: boolean, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null }> } };

export type DeleteProductSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteProductSubmissionMutation = { deleteProductSubmission: boolean };

export type DeleteActivityDraftMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteActivityDraftMutation = { deleteDraftSubmission: boolean };

export type SubmissionDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type SubmissionDetailQuery = { getProductSubmission: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export type ReviewCommentFieldsFragment = { target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null };

export type ProductFactsFieldsFragment = { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null };

export type SubmissionDetailFieldsFragment = { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } };

export type UpdateSubmissionStatusMutationVariables = Exact<{
  id: string | number;
  status: DecisionStatus;
  reason?: string | null | undefined;
}>;


export type UpdateSubmissionStatusMutation = { updateProductSubmissionStatus: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export type RenameSubmissionMutationVariables = Exact<{
  id: string | number;
  name: string;
}>;


export type RenameSubmissionMutation = { updateProductSubmissionProductName: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export type SetSupportTicketMutationVariables = Exact<{
  id: string | number;
  ticketId?: string | null | undefined;
  ticketUrl?: string | null | undefined;
}>;


export type SetSupportTicketMutation = { setSubmissionSupportTicket: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export type RequestValidationMutationVariables = Exact<{
  id: string | number;
}>;


export type RequestValidationMutation = { requestValidation: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: ItemStatus, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, badgeNote: string | null, readiness: { percent: number, ready: boolean, version: number, failing: Array<{ code: string, severity: RuleSeverity, message: string, fix: string, fileNames: Array<string> }> } | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, detectedFrom: string | null, detectionStatus: string, imageUrl: string, thumbnailUrl: string, factReadingStatus: string | null, photoRoles: Array<string>, barcodeRegion: { x: number, y: number, w: number, h: number } | null, barcodeOutline: Array<{ x: number, y: number }> | null, qualityIssues: Array<{ code: string, message: string }> }>, reviewComments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }>, facts: { basis: string, calories: number | null, energyKj: number | null, ingredients: string | null, allergens: string | null, servingSize: { printed: string, quantity: number | null, unit: string | null } | null, servingsPerContainer: { printed: string, value: number | null } | null, nutrients: Array<{ key: string, amount: number | null, unit: string, dailyValuePercent: number | null }>, netContent: { printed: string, quantity: number | null, unit: string | null } | null } | null, factSources: Array<{ field: string, source: FactSourceKind, fileName: string | null, region: { x: number, y: number, width: number, height: number } | null }>, history: Array<{ at: string, fromStatus: ItemStatus | null, toStatus: ItemStatus, reason: string | null, by: string, comments: Array<{ target: ReviewCommentTarget, fileName: string | null, text: string, reasonCode: string | null, reason: string | null, by: string, at: string, region: { x: number, y: number, w: number, h: number } | null }> }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean, setTicket: boolean } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const BrandProfileFieldsFragmentDoc = new TypedDocumentString(`
    fragment BrandProfileFields on BrandProfile {
  id
  companyId
  isPublished
  brandLogoFilename
  brandLogoUrl
  productOneSheetFilename
  productOneSheetUrl
  salesDeckFilename
  salesDeckUrl
  marketingVideoUrl
  brandWebsiteUrl
  brandCountryCode
  brandStateCode
  brandCityName
  yearFounded
  brandStory
  facebookUrl
  instagramUrl
  twitterUrl
  samplesOffered
  primaryInvestor
  secondaryInvestor
  raisingInvestment
  primaryDistributionMethod
  secondaryDistributionMethod
  distributionRange
  distributionRangeStates
  salesContact {
    Email
    Name
    Phone
    Title
  }
  primaryBroker {
    Company
    Email
    Name
    Phone
    Title
  }
  can {
    edit
  }
}
    `, {"fragmentName":"BrandProfileFields"}) as unknown as TypedDocumentString<BrandProfileFieldsFragment, unknown>;
export const BulkEditRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment BulkEditRowFields on ProductSubmissionRow {
  id
  upc
  partnerCompanyId
  canEdit
  fromSheet
  productName
  companyName
  suggestedClass
  marketAccounts {
    id
    name
  }
  attributes {
    id
    name
  }
  height
  width
  depth
  size
  uom
  fobCost
  msrp
  edlp
  deliveredCost
  wholesaleCost
  freeFill
  inStoreDemo
  fairShareMerchandisingSupport
  paidAds
  offInvoice
  tpr
}
    `, {"fragmentName":"BulkEditRowFields"}) as unknown as TypedDocumentString<BulkEditRowFieldsFragment, unknown>;
export const CataloguedProductFieldsFragmentDoc = new TypedDocumentString(`
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}
    `, {"fragmentName":"CataloguedProductFields"}) as unknown as TypedDocumentString<CataloguedProductFieldsFragment, unknown>;
export const PartnerConfigurationFieldsFragmentDoc = new TypedDocumentString(`
    fragment PartnerConfigurationFields on PartnerConfiguration {
  id
  companyId
  companyName
  partnerLogoFileName
  primaryColor
  secondaryColor
  landingPageEnabled
  fieldRules {
    field
    visible
    required
  }
  placementFieldsVisible
  pricingFieldsVisible
  promotionFieldsVisible
  blockingPhotoChecks
  minImageLongSidePx
  decisionUndo
  reviewSlaHours
  secondApproval
  updatedDate
}
    `, {"fragmentName":"PartnerConfigurationFields"}) as unknown as TypedDocumentString<PartnerConfigurationFieldsFragment, unknown>;
export const ReadinessRuleFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReadinessRuleFields on ReadinessRule {
  code
  kind
  message
  fix
  severity
  weight
  field
  min
  check
  minLongSidePx
  prefixes
  max
  pattern
  fileType
  roles
  appliesAt
}
    `, {"fragmentName":"ReadinessRuleFields"}) as unknown as TypedDocumentString<ReadinessRuleFieldsFragment, unknown>;
export const SearchHitFieldsFragmentDoc = new TypedDocumentString(`
    fragment SearchHitFields on SearchHit {
  kind
  id
  title
  detail
  upc
  status
  partner {
    id
    name
  }
  company {
    id
    name
  }
}
    `, {"fragmentName":"SearchHitFields"}) as unknown as TypedDocumentString<SearchHitFieldsFragment, unknown>;
export const ShippingProfileFieldsFragmentDoc = new TypedDocumentString(`
    fragment ShippingProfileFields on ShippingProfile {
  id
  name
  companyId
  caseCount
  grossWeight {
    value
    unit
  }
  netWeight {
    value
    unit
  }
  caseLength {
    value
    unit
  }
  caseWidth {
    value
    unit
  }
  caseHeight {
    value
    unit
  }
  palletTiers
  palletLayers
  updatedDate
  updatedByFirstName
  updatedByLastName
  updatedByEmail
  associatedSubmissions {
    type
    count
  }
  can {
    edit
  }
}
    `, {"fragmentName":"ShippingProfileFields"}) as unknown as TypedDocumentString<ShippingProfileFieldsFragment, unknown>;
export const ReviewCommentFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
    `, {"fragmentName":"ReviewCommentFields"}) as unknown as TypedDocumentString<ReviewCommentFieldsFragment, unknown>;
export const ProductFactsFieldsFragmentDoc = new TypedDocumentString(`
    fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
    `, {"fragmentName":"ProductFactsFields"}) as unknown as TypedDocumentString<ProductFactsFieldsFragment, unknown>;
export const SubmissionDetailFieldsFragmentDoc = new TypedDocumentString(`
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}`, {"fragmentName":"SubmissionDetailFields"}) as unknown as TypedDocumentString<SubmissionDetailFieldsFragment, unknown>;
export const CompanyBrandProfilesDocument = new TypedDocumentString(`
    query CompanyBrandProfiles($companyId: Int!) {
  getCompany(companyId: $companyId) {
    id
    name
    brandProfiles {
      ...BrandProfileFields
    }
  }
}
    fragment BrandProfileFields on BrandProfile {
  id
  companyId
  isPublished
  brandLogoFilename
  brandLogoUrl
  productOneSheetFilename
  productOneSheetUrl
  salesDeckFilename
  salesDeckUrl
  marketingVideoUrl
  brandWebsiteUrl
  brandCountryCode
  brandStateCode
  brandCityName
  yearFounded
  brandStory
  facebookUrl
  instagramUrl
  twitterUrl
  samplesOffered
  primaryInvestor
  secondaryInvestor
  raisingInvestment
  primaryDistributionMethod
  secondaryDistributionMethod
  distributionRange
  distributionRangeStates
  salesContact {
    Email
    Name
    Phone
    Title
  }
  primaryBroker {
    Company
    Email
    Name
    Phone
    Title
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<CompanyBrandProfilesQuery, CompanyBrandProfilesQueryVariables>;
export const CountriesDocument = new TypedDocumentString(`
    query Countries {
  getCountries {
    id
    name
    code
  }
}
    `) as unknown as TypedDocumentString<CountriesQuery, CountriesQueryVariables>;
export const StatesDocument = new TypedDocumentString(`
    query States($countryCode: String!) {
  getStates(countryCode: $countryCode) {
    id
    name
    code
  }
}
    `) as unknown as TypedDocumentString<StatesQuery, StatesQueryVariables>;
export const CitiesDocument = new TypedDocumentString(`
    query Cities($countryCode: String!, $stateCode: String!) {
  getCities(countryCode: $countryCode, stateCode: $stateCode) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CitiesQuery, CitiesQueryVariables>;
export const DistributionMethodsDocument = new TypedDocumentString(`
    query DistributionMethods {
  getDistributionMethods {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<DistributionMethodsQuery, DistributionMethodsQueryVariables>;
export const CreateBrandProfileDocument = new TypedDocumentString(`
    mutation CreateBrandProfile($companyId: Int!, $input: BrandProfileInput!) {
  createBrandProfile(companyId: $companyId, input: $input) {
    ...BrandProfileFields
  }
}
    fragment BrandProfileFields on BrandProfile {
  id
  companyId
  isPublished
  brandLogoFilename
  brandLogoUrl
  productOneSheetFilename
  productOneSheetUrl
  salesDeckFilename
  salesDeckUrl
  marketingVideoUrl
  brandWebsiteUrl
  brandCountryCode
  brandStateCode
  brandCityName
  yearFounded
  brandStory
  facebookUrl
  instagramUrl
  twitterUrl
  samplesOffered
  primaryInvestor
  secondaryInvestor
  raisingInvestment
  primaryDistributionMethod
  secondaryDistributionMethod
  distributionRange
  distributionRangeStates
  salesContact {
    Email
    Name
    Phone
    Title
  }
  primaryBroker {
    Company
    Email
    Name
    Phone
    Title
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<CreateBrandProfileMutation, CreateBrandProfileMutationVariables>;
export const UpdateBrandProfileDocument = new TypedDocumentString(`
    mutation UpdateBrandProfile($companyId: Int!, $brandProfileId: Int!, $input: BrandProfileInput!) {
  updateBrandProfile(
    companyId: $companyId
    brandProfileId: $brandProfileId
    input: $input
  ) {
    ...BrandProfileFields
  }
}
    fragment BrandProfileFields on BrandProfile {
  id
  companyId
  isPublished
  brandLogoFilename
  brandLogoUrl
  productOneSheetFilename
  productOneSheetUrl
  salesDeckFilename
  salesDeckUrl
  marketingVideoUrl
  brandWebsiteUrl
  brandCountryCode
  brandStateCode
  brandCityName
  yearFounded
  brandStory
  facebookUrl
  instagramUrl
  twitterUrl
  samplesOffered
  primaryInvestor
  secondaryInvestor
  raisingInvestment
  primaryDistributionMethod
  secondaryDistributionMethod
  distributionRange
  distributionRangeStates
  salesContact {
    Email
    Name
    Phone
    Title
  }
  primaryBroker {
    Company
    Email
    Name
    Phone
    Title
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<UpdateBrandProfileMutation, UpdateBrandProfileMutationVariables>;
export const UpdateBrandProfileIsPublishedDocument = new TypedDocumentString(`
    mutation UpdateBrandProfileIsPublished($companyId: Int!, $brandProfileId: Int!, $isPublished: Boolean!) {
  updateBrandProfileIsPublished(
    companyId: $companyId
    brandProfileId: $brandProfileId
    isPublished: $isPublished
  ) {
    ...BrandProfileFields
  }
}
    fragment BrandProfileFields on BrandProfile {
  id
  companyId
  isPublished
  brandLogoFilename
  brandLogoUrl
  productOneSheetFilename
  productOneSheetUrl
  salesDeckFilename
  salesDeckUrl
  marketingVideoUrl
  brandWebsiteUrl
  brandCountryCode
  brandStateCode
  brandCityName
  yearFounded
  brandStory
  facebookUrl
  instagramUrl
  twitterUrl
  samplesOffered
  primaryInvestor
  secondaryInvestor
  raisingInvestment
  primaryDistributionMethod
  secondaryDistributionMethod
  distributionRange
  distributionRangeStates
  salesContact {
    Email
    Name
    Phone
    Title
  }
  primaryBroker {
    Company
    Email
    Name
    Phone
    Title
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<UpdateBrandProfileIsPublishedMutation, UpdateBrandProfileIsPublishedMutationVariables>;
export const BulkEditRowsDocument = new TypedDocumentString(`
    query BulkEditRows($ids: [ID!]!) {
  getProductSubmissions(ids: $ids) {
    ...BulkEditRowFields
  }
}
    fragment BulkEditRowFields on ProductSubmissionRow {
  id
  upc
  partnerCompanyId
  canEdit
  fromSheet
  productName
  companyName
  suggestedClass
  marketAccounts {
    id
    name
  }
  attributes {
    id
    name
  }
  height
  width
  depth
  size
  uom
  fobCost
  msrp
  edlp
  deliveredCost
  wholesaleCost
  freeFill
  inStoreDemo
  fairShareMerchandisingSupport
  paidAds
  offInvoice
  tpr
}`) as unknown as TypedDocumentString<BulkEditRowsQuery, BulkEditRowsQueryVariables>;
export const UpdateBulkEditRowsDocument = new TypedDocumentString(`
    mutation UpdateBulkEditRows($rows: [ProductSubmissionRowInput!]!) {
  updateProductSubmissions(rows: $rows) {
    ...BulkEditRowFields
  }
}
    fragment BulkEditRowFields on ProductSubmissionRow {
  id
  upc
  partnerCompanyId
  canEdit
  fromSheet
  productName
  companyName
  suggestedClass
  marketAccounts {
    id
    name
  }
  attributes {
    id
    name
  }
  height
  width
  depth
  size
  uom
  fobCost
  msrp
  edlp
  deliveredCost
  wholesaleCost
  freeFill
  inStoreDemo
  fairShareMerchandisingSupport
  paidAds
  offInvoice
  tpr
}`) as unknown as TypedDocumentString<UpdateBulkEditRowsMutation, UpdateBulkEditRowsMutationVariables>;
export const BulkEditAttributesDocument = new TypedDocumentString(`
    query BulkEditAttributes {
  attributes {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<BulkEditAttributesQuery, BulkEditAttributesQueryVariables>;
export const SearchMarketAccountsDocument = new TypedDocumentString(`
    query SearchMarketAccounts($name: String!) {
  searchMarketAccountsByName(name: $name) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SearchMarketAccountsQuery, SearchMarketAccountsQueryVariables>;
export const SearchBrandsDocument = new TypedDocumentString(`
    query SearchBrands($name: String!) {
  searchBrandsByName(name: $name) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SearchBrandsQuery, SearchBrandsQueryVariables>;
export const BulkIngestionOrganizationsDocument = new TypedDocumentString(`
    query BulkIngestionOrganizations {
  bulkIngestionOrganizations {
    id
    companyId
    companyName
    folderName
    imageSource
  }
}
    `) as unknown as TypedDocumentString<BulkIngestionOrganizationsQuery, BulkIngestionOrganizationsQueryVariables>;
export const CreateBulkIngestionOrganizationDocument = new TypedDocumentString(`
    mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {
  createBulkIngestionOrganization(input: $input) {
    id
    companyId
    companyName
    folderName
    imageSource
  }
}
    `) as unknown as TypedDocumentString<CreateBulkIngestionOrganizationMutation, CreateBulkIngestionOrganizationMutationVariables>;
export const SearchCompaniesByNameDocument = new TypedDocumentString(`
    query SearchCompaniesByName($name: String!) {
  searchCompaniesByName(name: $name) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SearchCompaniesByNameQuery, SearchCompaniesByNameQueryVariables>;
export const CataloguedProductsDocument = new TypedDocumentString(`
    query CataloguedProducts($upcPrefix: String, $page: Int, $pageSize: Int, $sortBy: CatalogueSortField, $sortDirection: SortDirection, $brand: String, $description: String, $q: String, $after: String, $before: String) {
  getCataloguedProducts(
    upcPrefix: $upcPrefix
    page: $page
    pageSize: $pageSize
    sortBy: $sortBy
    sortDirection: $sortDirection
    brand: $brand
    description: $description
    q: $q
    after: $after
    before: $before
  ) {
    items {
      ...CataloguedProductFields
    }
    total
    more
    page
    pageSize
    startCursor
    endCursor
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<CataloguedProductsQuery, CataloguedProductsQueryVariables>;
export const CataloguedProductDocument = new TypedDocumentString(`
    query CataloguedProduct($ean13Upc: String!) {
  getCataloguedProduct(ean13Upc: $ean13Upc) {
    ...CataloguedProductFields
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<CataloguedProductQuery, CataloguedProductQueryVariables>;
export const CataloguedProductFactsDocument = new TypedDocumentString(`
    query CataloguedProductFacts($ean13Upc: String!) {
  getCataloguedProduct(ean13Upc: $ean13Upc) {
    ean13Upc
    facts {
      ...ProductFactsFields
    }
  }
}
    fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}`) as unknown as TypedDocumentString<CataloguedProductFactsQuery, CataloguedProductFactsQueryVariables>;
export const CatalogueSubmissionDocument = new TypedDocumentString(`
    mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {
  catalogueSubmission(id: $id, input: $input) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<CatalogueSubmissionMutation, CatalogueSubmissionMutationVariables>;
export const DelistCataloguedProductDocument = new TypedDocumentString(`
    mutation DelistCataloguedProduct($ean13Upc: String!) {
  delistCataloguedProduct(ean13Upc: $ean13Upc) {
    ...CataloguedProductFields
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<DelistCataloguedProductMutation, DelistCataloguedProductMutationVariables>;
export const DraftSubmissionDocument = new TypedDocumentString(`
    query DraftSubmission($id: ID!) {
  getDraftSubmission(id: $id) {
    id
    partnerCompanyId
    updatedDate
    can {
      edit
      delete
    }
    files {
      fileName
      kind
      upc
      productName
      detectedUpc
      detectedUpcs
      detectionStatus
      shippingProfileId
      isMarketingImage
      imageUrl
      thumbnailUrl
      thumbnailReady
      qualityIssues {
        code
        message
      }
      longSidePx
      factReadingStatus
      photoRoles
      photoRolesChosen
    }
  }
}
    `) as unknown as TypedDocumentString<DraftSubmissionQuery, DraftSubmissionQueryVariables>;
export const ReadinessRulesDocument = new TypedDocumentString(`
    query ReadinessRules($partnerCompanyId: Int!) {
  getReadinessRules(partnerCompanyId: $partnerCompanyId) {
    version
    rules {
      code
      kind
      message
      fix
      severity
      weight
      field
      min
      check
      minLongSidePx
      prefixes
      max
      pattern
      fileType
      roles
      appliesAt
    }
  }
}
    `) as unknown as TypedDocumentString<ReadinessRulesQuery, ReadinessRulesQueryVariables>;
export const UpdateDraftSubmissionDocument = new TypedDocumentString(`
    mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {
  updateDraftSubmission(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateDraftSubmissionMutation, UpdateDraftSubmissionMutationVariables>;
export const SubmitProductsFromDraftSubmissionDocument = new TypedDocumentString(`
    mutation SubmitProductsFromDraftSubmission($id: ID!) {
  submitProductsFromDraftSubmission(id: $id) {
    id
    upc
    ean13Upc
    productName
    itemStatus
  }
}
    `) as unknown as TypedDocumentString<SubmitProductsFromDraftSubmissionMutation, SubmitProductsFromDraftSubmissionMutationVariables>;
export const DeleteDraftSubmissionDocument = new TypedDocumentString(`
    mutation DeleteDraftSubmission($id: ID!) {
  deleteDraftSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteDraftSubmissionMutation, DeleteDraftSubmissionMutationVariables>;
export const RemoveDraftFileDocument = new TypedDocumentString(`
    mutation RemoveDraftFile($id: ID!, $fileName: String!) {
  removeDraftFile(id: $id, fileName: $fileName) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveDraftFileMutation, RemoveDraftFileMutationVariables>;
export const PartnerConfigurationsDocument = new TypedDocumentString(`
    query PartnerConfigurations {
  getPartnerConfigurations {
    ...PartnerConfigurationFields
  }
}
    fragment PartnerConfigurationFields on PartnerConfiguration {
  id
  companyId
  companyName
  partnerLogoFileName
  primaryColor
  secondaryColor
  landingPageEnabled
  fieldRules {
    field
    visible
    required
  }
  placementFieldsVisible
  pricingFieldsVisible
  promotionFieldsVisible
  blockingPhotoChecks
  minImageLongSidePx
  decisionUndo
  reviewSlaHours
  secondApproval
  updatedDate
}`) as unknown as TypedDocumentString<PartnerConfigurationsQuery, PartnerConfigurationsQueryVariables>;
export const PartnerConfigurationDocument = new TypedDocumentString(`
    query PartnerConfiguration($partnerConfigurationId: Int!) {
  getPartnerConfiguration(partnerConfigurationId: $partnerConfigurationId) {
    ...PartnerConfigurationFields
  }
}
    fragment PartnerConfigurationFields on PartnerConfiguration {
  id
  companyId
  companyName
  partnerLogoFileName
  primaryColor
  secondaryColor
  landingPageEnabled
  fieldRules {
    field
    visible
    required
  }
  placementFieldsVisible
  pricingFieldsVisible
  promotionFieldsVisible
  blockingPhotoChecks
  minImageLongSidePx
  decisionUndo
  reviewSlaHours
  secondApproval
  updatedDate
}`) as unknown as TypedDocumentString<PartnerConfigurationQuery, PartnerConfigurationQueryVariables>;
export const CreatePartnerConfigurationDocument = new TypedDocumentString(`
    mutation CreatePartnerConfiguration($companyId: Int!) {
  createPartnerConfiguration(companyId: $companyId) {
    ...PartnerConfigurationFields
  }
}
    fragment PartnerConfigurationFields on PartnerConfiguration {
  id
  companyId
  companyName
  partnerLogoFileName
  primaryColor
  secondaryColor
  landingPageEnabled
  fieldRules {
    field
    visible
    required
  }
  placementFieldsVisible
  pricingFieldsVisible
  promotionFieldsVisible
  blockingPhotoChecks
  minImageLongSidePx
  decisionUndo
  reviewSlaHours
  secondApproval
  updatedDate
}`) as unknown as TypedDocumentString<CreatePartnerConfigurationMutation, CreatePartnerConfigurationMutationVariables>;
export const UpdatePartnerConfigurationDocument = new TypedDocumentString(`
    mutation UpdatePartnerConfiguration($partnerConfigurationId: Int!, $input: PartnerConfigurationInput!) {
  updatePartnerConfiguration(
    partnerConfigurationId: $partnerConfigurationId
    input: $input
  ) {
    ...PartnerConfigurationFields
  }
}
    fragment PartnerConfigurationFields on PartnerConfiguration {
  id
  companyId
  companyName
  partnerLogoFileName
  primaryColor
  secondaryColor
  landingPageEnabled
  fieldRules {
    field
    visible
    required
  }
  placementFieldsVisible
  pricingFieldsVisible
  promotionFieldsVisible
  blockingPhotoChecks
  minImageLongSidePx
  decisionUndo
  reviewSlaHours
  secondApproval
  updatedDate
}`) as unknown as TypedDocumentString<UpdatePartnerConfigurationMutation, UpdatePartnerConfigurationMutationVariables>;
export const PartnerReadinessRulesDocument = new TypedDocumentString(`
    query PartnerReadinessRules($partnerCompanyId: Int!) {
  getReadinessRules(partnerCompanyId: $partnerCompanyId) {
    version
    rules {
      ...ReadinessRuleFields
    }
  }
}
    fragment ReadinessRuleFields on ReadinessRule {
  code
  kind
  message
  fix
  severity
  weight
  field
  min
  check
  minLongSidePx
  prefixes
  max
  pattern
  fileType
  roles
  appliesAt
}`) as unknown as TypedDocumentString<PartnerReadinessRulesQuery, PartnerReadinessRulesQueryVariables>;
export const DryRunReadinessRulesDocument = new TypedDocumentString(`
    query DryRunReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {
  dryRunReadinessRules(
    partnerCompanyId: $partnerCompanyId
    rules: $rules
    after: $after
  ) {
    judged
    total
    next
    becomesNotReady
    becomesReady
    scoreChanges
    openDrafts
    draftsBlocked
    draftsNewlyBlocked
    rules {
      code
      failing
      becomesNotReady
      becomesReady
      draftsBlocked
    }
  }
}
    `) as unknown as TypedDocumentString<DryRunReadinessRulesQuery, DryRunReadinessRulesQueryVariables>;
export const SaveReadinessRulesDocument = new TypedDocumentString(`
    mutation SaveReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!) {
  saveReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules) {
    version
    rules {
      ...ReadinessRuleFields
    }
  }
}
    fragment ReadinessRuleFields on ReadinessRule {
  code
  kind
  message
  fix
  severity
  weight
  field
  min
  check
  minLongSidePx
  prefixes
  max
  pattern
  fileType
  roles
  appliesAt
}`) as unknown as TypedDocumentString<SaveReadinessRulesMutation, SaveReadinessRulesMutationVariables>;
export const SearchDocument = new TypedDocumentString(`
    query Search($q: String!, $limit: Int) {
  search(q: $q, limit: $limit) {
    query
    products {
      ...SearchHitFields
    }
    submissions {
      ...SearchHitFields
    }
    companies {
      ...SearchHitFields
    }
    submitters {
      ...SearchHitFields
    }
  }
}
    fragment SearchHitFields on SearchHit {
  kind
  id
  title
  detail
  upc
  status
  partner {
    id
    name
  }
  company {
    id
    name
  }
}`) as unknown as TypedDocumentString<SearchQuery, SearchQueryVariables>;
export const ShippingProfilesDocument = new TypedDocumentString(`
    query ShippingProfiles($companyId: Int, $associatedSubmissions: Boolean) {
  getShippingProfileForCurrentUser(
    companyId: $companyId
    associatedSubmissions: $associatedSubmissions
  ) {
    ...ShippingProfileFields
  }
}
    fragment ShippingProfileFields on ShippingProfile {
  id
  name
  companyId
  caseCount
  grossWeight {
    value
    unit
  }
  netWeight {
    value
    unit
  }
  caseLength {
    value
    unit
  }
  caseWidth {
    value
    unit
  }
  caseHeight {
    value
    unit
  }
  palletTiers
  palletLayers
  updatedDate
  updatedByFirstName
  updatedByLastName
  updatedByEmail
  associatedSubmissions {
    type
    count
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<ShippingProfilesQuery, ShippingProfilesQueryVariables>;
export const ShippingProfileOptionsDocument = new TypedDocumentString(`
    query ShippingProfileOptions {
  getShippingProfileForCurrentUser {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ShippingProfileOptionsQuery, ShippingProfileOptionsQueryVariables>;
export const ShippingProfileDocument = new TypedDocumentString(`
    query ShippingProfile($id: Int!) {
  getShippingProfile(id: $id) {
    ...ShippingProfileFields
  }
}
    fragment ShippingProfileFields on ShippingProfile {
  id
  name
  companyId
  caseCount
  grossWeight {
    value
    unit
  }
  netWeight {
    value
    unit
  }
  caseLength {
    value
    unit
  }
  caseWidth {
    value
    unit
  }
  caseHeight {
    value
    unit
  }
  palletTiers
  palletLayers
  updatedDate
  updatedByFirstName
  updatedByLastName
  updatedByEmail
  associatedSubmissions {
    type
    count
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<ShippingProfileQuery, ShippingProfileQueryVariables>;
export const ShippingProfileProductsDocument = new TypedDocumentString(`
    query ShippingProfileProducts($id: Int!) {
  getShippingProfileProducts(shippingProfileId: $id) {
    upc
    name
    status
    associated
    otherProfileName
  }
}
    `) as unknown as TypedDocumentString<ShippingProfileProductsQuery, ShippingProfileProductsQueryVariables>;
export const CreateShippingProfileDocument = new TypedDocumentString(`
    mutation CreateShippingProfile($input: ShippingProfileInput!, $companyId: Int) {
  createShippingProfile(input: $input, companyId: $companyId) {
    ...ShippingProfileFields
  }
}
    fragment ShippingProfileFields on ShippingProfile {
  id
  name
  companyId
  caseCount
  grossWeight {
    value
    unit
  }
  netWeight {
    value
    unit
  }
  caseLength {
    value
    unit
  }
  caseWidth {
    value
    unit
  }
  caseHeight {
    value
    unit
  }
  palletTiers
  palletLayers
  updatedDate
  updatedByFirstName
  updatedByLastName
  updatedByEmail
  associatedSubmissions {
    type
    count
  }
  can {
    edit
  }
}`) as unknown as TypedDocumentString<CreateShippingProfileMutation, CreateShippingProfileMutationVariables>;
export const ShippingProfileCompanySearchDocument = new TypedDocumentString(`
    query ShippingProfileCompanySearch($name: String!) {
  searchCompaniesByName(name: $name) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ShippingProfileCompanySearchQuery, ShippingProfileCompanySearchQueryVariables>;
export const ShippingProfileCompanyDocument = new TypedDocumentString(`
    query ShippingProfileCompany($companyId: Int!) {
  getCompany(companyId: $companyId) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<ShippingProfileCompanyQuery, ShippingProfileCompanyQueryVariables>;
export const SearchPartnerConfigurationsDocument = new TypedDocumentString(`
    query SearchPartnerConfigurations($name: String!) {
  searchPartnerConfigurations(name: $name) {
    id
    companyName
  }
}
    `) as unknown as TypedDocumentString<SearchPartnerConfigurationsQuery, SearchPartnerConfigurationsQueryVariables>;
export const ActivityPageDocument = new TypedDocumentString(`
    query ActivityPage($tab: ActivityTab, $page: Int, $pageSize: Int, $photoIssues: Boolean, $q: String, $boundary: String) {
  getProductSubmissionsByStatuses(
    tab: $tab
    page: $page
    pageSize: $pageSize
    photoIssues: $photoIssues
    q: $q
    boundary: $boundary
  ) {
    items {
      kind
      id
      upc
      upcs
      productName
      itemStatus
      updatedDate
      fileCount
      partnerCompanyId
      partnerStatusLabel
      readiness {
        percent
        ready
        version
        failing {
          code
          severity
          message
          fix
          fileNames
        }
      }
      canDelete
    }
    total
    page
    pageSize
    startCursor
    endCursor
  }
}
    `) as unknown as TypedDocumentString<ActivityPageQuery, ActivityPageQueryVariables>;
export const DeleteProductSubmissionDocument = new TypedDocumentString(`
    mutation DeleteProductSubmission($id: ID!) {
  deleteProductSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteProductSubmissionMutation, DeleteProductSubmissionMutationVariables>;
export const DeleteActivityDraftDocument = new TypedDocumentString(`
    mutation DeleteActivityDraft($id: ID!) {
  deleteDraftSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteActivityDraftMutation, DeleteActivityDraftMutationVariables>;
export const SubmissionDetailDocument = new TypedDocumentString(`
    query SubmissionDetail($id: ID!) {
  getProductSubmission(id: $id) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<SubmissionDetailQuery, SubmissionDetailQueryVariables>;
export const UpdateSubmissionStatusDocument = new TypedDocumentString(`
    mutation UpdateSubmissionStatus($id: ID!, $status: DecisionStatus!, $reason: String) {
  updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<UpdateSubmissionStatusMutation, UpdateSubmissionStatusMutationVariables>;
export const RenameSubmissionDocument = new TypedDocumentString(`
    mutation RenameSubmission($id: ID!, $name: String!) {
  updateProductSubmissionProductName(id: $id, name: $name) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<RenameSubmissionMutation, RenameSubmissionMutationVariables>;
export const SetSupportTicketDocument = new TypedDocumentString(`
    mutation SetSupportTicket($id: ID!, $ticketId: String, $ticketUrl: String) {
  setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<SetSupportTicketMutation, SetSupportTicketMutationVariables>;
export const RequestValidationDocument = new TypedDocumentString(`
    mutation RequestValidation($id: ID!) {
  requestValidation(id: $id) {
    ...SubmissionDetailFields
  }
}
    fragment ReviewCommentFields on ReviewComment {
  target
  fileName
  region {
    x
    y
    w
    h
  }
  text
  reasonCode
  reason
  by
  at
}
fragment ProductFactsFields on ProductFacts {
  basis
  servingSize {
    printed
    quantity
    unit
  }
  servingsPerContainer {
    printed
    value
  }
  calories
  energyKj
  nutrients {
    key
    amount
    unit
    dailyValuePercent
  }
  netContent {
    printed
    quantity
    unit
  }
  ingredients
  allergens
}
fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  badgeNote
  readiness {
    percent
    ready
    version
    failing {
      code
      severity
      message
      fix
      fileNames
    }
  }
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    detectedFrom
    detectionStatus
    imageUrl
    thumbnailUrl
    barcodeRegion {
      x
      y
      w
      h
    }
    barcodeOutline {
      x
      y
    }
    qualityIssues {
      code
      message
    }
    factReadingStatus
    photoRoles
  }
  reviewComments {
    ...ReviewCommentFields
  }
  facts {
    ...ProductFactsFields
  }
  factSources {
    field
    source
    fileName
    region {
      x
      y
      width
      height
    }
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
    comments {
      ...ReviewCommentFields
    }
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
    setTicket
  }
}`) as unknown as TypedDocumentString<RequestValidationMutation, RequestValidationMutationVariables>;