/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment BrandProfileFields on BrandProfile {\n    id\n    companyId\n    isPublished\n    brandLogoFilename\n    brandLogoUrl\n    productOneSheetFilename\n    productOneSheetUrl\n    salesDeckFilename\n    salesDeckUrl\n    marketingVideoUrl\n    brandWebsiteUrl\n    brandCountryCode\n    brandStateCode\n    brandCityName\n    yearFounded\n    brandStory\n    facebookUrl\n    instagramUrl\n    twitterUrl\n    samplesOffered\n    primaryInvestor\n    secondaryInvestor\n    raisingInvestment\n    primaryDistributionMethod\n    secondaryDistributionMethod\n    distributionRange\n    distributionRangeStates\n    salesContact {\n      Email\n      Name\n      Phone\n      Title\n    }\n    primaryBroker {\n      Company\n      Email\n      Name\n      Phone\n      Title\n    }\n    can {\n      edit\n    }\n  }\n": typeof types.BrandProfileFieldsFragmentDoc,
    "\n  query CompanyBrandProfiles($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      brandProfiles {\n        ...BrandProfileFields\n      }\n    }\n  }\n": typeof types.CompanyBrandProfilesDocument,
    "\n  query Countries {\n    getCountries {\n      id\n      name\n      code\n    }\n  }\n": typeof types.CountriesDocument,
    "\n  query States($countryCode: String!) {\n    getStates(countryCode: $countryCode) {\n      id\n      name\n      code\n    }\n  }\n": typeof types.StatesDocument,
    "\n  query Cities($countryCode: String!, $stateCode: String!) {\n    getCities(countryCode: $countryCode, stateCode: $stateCode) {\n      id\n      name\n    }\n  }\n": typeof types.CitiesDocument,
    "\n  query DistributionMethods {\n    getDistributionMethods {\n      id\n      name\n    }\n  }\n": typeof types.DistributionMethodsDocument,
    "\n  mutation CreateBrandProfile($companyId: Int!, $input: BrandProfileInput!) {\n    createBrandProfile(companyId: $companyId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n": typeof types.CreateBrandProfileDocument,
    "\n  mutation UpdateBrandProfile($companyId: Int!, $brandProfileId: Int!, $input: BrandProfileInput!) {\n    updateBrandProfile(companyId: $companyId, brandProfileId: $brandProfileId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n": typeof types.UpdateBrandProfileDocument,
    "\n  mutation UpdateBrandProfileIsPublished($companyId: Int!, $brandProfileId: Int!, $isPublished: Boolean!) {\n    updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $brandProfileId, isPublished: $isPublished) {\n      ...BrandProfileFields\n    }\n  }\n": typeof types.UpdateBrandProfileIsPublishedDocument,
    "\n  query BulkEditRows($ids: [ID!]!) {\n    getProductSubmissions(ids: $ids) {\n      ...BulkEditRowFields\n    }\n  }\n": typeof types.BulkEditRowsDocument,
    "\n  fragment BulkEditRowFields on ProductSubmissionRow {\n    id\n    upc\n    partnerCompanyId\n    canEdit\n    fromSheet\n    productName\n    companyName\n    suggestedClass\n    marketAccounts {\n      id\n      name\n    }\n    attributes {\n      id\n      name\n    }\n    height\n    width\n    depth\n    size\n    uom\n    fobCost\n    msrp\n    edlp\n    deliveredCost\n    wholesaleCost\n    freeFill\n    inStoreDemo\n    fairShareMerchandisingSupport\n    paidAds\n    offInvoice\n    tpr\n  }\n": typeof types.BulkEditRowFieldsFragmentDoc,
    "\n  mutation UpdateBulkEditRows($rows: [ProductSubmissionRowInput!]!) {\n    updateProductSubmissions(rows: $rows) {\n      ...BulkEditRowFields\n    }\n  }\n": typeof types.UpdateBulkEditRowsDocument,
    "\n  query BulkEditAttributes {\n    attributes {\n      id\n      name\n    }\n  }\n": typeof types.BulkEditAttributesDocument,
    "\n  query SearchMarketAccounts($name: String!) {\n    searchMarketAccountsByName(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.SearchMarketAccountsDocument,
    "\n  query SearchBrands($name: String!) {\n    searchBrandsByName(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.SearchBrandsDocument,
    "\n  query BulkIngestionOrganizations {\n    bulkIngestionOrganizations {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n": typeof types.BulkIngestionOrganizationsDocument,
    "\n  mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {\n    createBulkIngestionOrganization(input: $input) {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n": typeof types.CreateBulkIngestionOrganizationDocument,
    "\n  query SearchCompaniesByName($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.SearchCompaniesByNameDocument,
    "\n  fragment CataloguedProductFields on CataloguedProduct {\n    ean13Upc\n    description\n    brand\n    department\n    category\n    subcategory\n    itemSize\n    unitsOfMeasure\n    packCount\n    updatedDate\n    shippingProfileId\n    imageUrls\n    thumbnailUrls\n    isDelisted\n    can {\n      addImages\n      setShippingProfile\n      delist\n    }\n  }\n": typeof types.CataloguedProductFieldsFragmentDoc,
    "\n  query CataloguedProducts(\n    $upcPrefix: String\n    $page: Int\n    $pageSize: Int\n    $sortBy: CatalogueSortField\n    $sortDirection: SortDirection\n    $brand: String\n    $description: String\n    $q: String\n    $after: String\n    $before: String\n  ) {\n    getCataloguedProducts(\n      upcPrefix: $upcPrefix\n      page: $page\n      pageSize: $pageSize\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      brand: $brand\n      description: $description\n      q: $q\n      after: $after\n      before: $before\n    ) {\n      items {\n        ...CataloguedProductFields\n      }\n      total\n      more\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n": typeof types.CataloguedProductsDocument,
    "\n  query CataloguedProduct($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n": typeof types.CataloguedProductDocument,
    "\n  query CataloguedProductFacts($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ean13Upc\n      facts {\n        ...ProductFactsFields\n      }\n    }\n  }\n": typeof types.CataloguedProductFactsDocument,
    "\n  mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {\n    catalogueSubmission(id: $id, input: $input) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.CatalogueSubmissionDocument,
    "\n  mutation DelistCataloguedProduct($ean13Upc: String!) {\n    delistCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n": typeof types.DelistCataloguedProductDocument,
    "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can {\n        edit\n        delete\n      }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n        qualityIssues {\n          code\n          message\n        }\n        longSidePx\n        factReadingStatus\n        photoRoles\n        photoRolesChosen\n      }\n    }\n  }\n": typeof types.DraftSubmissionDocument,
    "\n  query ReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        code\n        kind\n        message\n        fix\n        severity\n        weight\n        field\n        min\n        check\n        minLongSidePx\n        prefixes\n        max\n        pattern\n        fileType\n        roles\n        appliesAt\n      }\n    }\n  }\n": typeof types.ReadinessRulesDocument,
    "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.UpdateDraftSubmissionDocument,
    "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) {\n      id\n      upc\n      ean13Upc\n      productName\n      itemStatus\n    }\n  }\n": typeof types.SubmitProductsFromDraftSubmissionDocument,
    "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": typeof types.DeleteDraftSubmissionDocument,
    "\n  mutation RemoveDraftFile($id: ID!, $fileName: String!) {\n    removeDraftFile(id: $id, fileName: $fileName) {\n      id\n    }\n  }\n": typeof types.RemoveDraftFileDocument,
    "\n  fragment PartnerConfigurationFields on PartnerConfiguration {\n    id\n    companyId\n    companyName\n    partnerLogoFileName\n    primaryColor\n    secondaryColor\n    landingPageEnabled\n    fieldRules {\n      field\n      visible\n      required\n    }\n    placementFieldsVisible\n    pricingFieldsVisible\n    promotionFieldsVisible\n    blockingPhotoChecks\n    minImageLongSidePx\n    decisionUndo\n    reviewSlaHours\n    secondApproval\n    updatedDate\n  }\n": typeof types.PartnerConfigurationFieldsFragmentDoc,
    "\n  query PartnerConfigurations {\n    getPartnerConfigurations {\n      ...PartnerConfigurationFields\n    }\n  }\n": typeof types.PartnerConfigurationsDocument,
    "\n  query PartnerConfiguration($partnerConfigurationId: Int!) {\n    getPartnerConfiguration(partnerConfigurationId: $partnerConfigurationId) {\n      ...PartnerConfigurationFields\n    }\n  }\n": typeof types.PartnerConfigurationDocument,
    "\n  mutation CreatePartnerConfiguration($companyId: Int!) {\n    createPartnerConfiguration(companyId: $companyId) {\n      ...PartnerConfigurationFields\n    }\n  }\n": typeof types.CreatePartnerConfigurationDocument,
    "\n  mutation UpdatePartnerConfiguration($partnerConfigurationId: Int!, $input: PartnerConfigurationInput!) {\n    updatePartnerConfiguration(partnerConfigurationId: $partnerConfigurationId, input: $input) {\n      ...PartnerConfigurationFields\n    }\n  }\n": typeof types.UpdatePartnerConfigurationDocument,
    "\n  fragment ReadinessRuleFields on ReadinessRule {\n    code\n    kind\n    message\n    fix\n    severity\n    weight\n    field\n    min\n    check\n    minLongSidePx\n    prefixes\n    max\n    pattern\n    fileType\n    roles\n    appliesAt\n  }\n": typeof types.ReadinessRuleFieldsFragmentDoc,
    "\n  query PartnerReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n": typeof types.PartnerReadinessRulesDocument,
    "\n  query DryRunReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {\n    dryRunReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules, after: $after) {\n      judged\n      total\n      next\n      becomesNotReady\n      becomesReady\n      scoreChanges\n      openDrafts\n      draftsBlocked\n      draftsNewlyBlocked\n      rules {\n        code\n        failing\n        becomesNotReady\n        becomesReady\n        draftsBlocked\n      }\n    }\n  }\n": typeof types.DryRunReadinessRulesDocument,
    "\n  mutation SaveReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!) {\n    saveReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n": typeof types.SaveReadinessRulesDocument,
    "\n  query Search($q: String!, $limit: Int) {\n    search(q: $q, limit: $limit) {\n      query\n      products {\n        ...SearchHitFields\n      }\n      submissions {\n        ...SearchHitFields\n      }\n      companies {\n        ...SearchHitFields\n      }\n      submitters {\n        ...SearchHitFields\n      }\n    }\n  }\n  fragment SearchHitFields on SearchHit {\n    kind\n    id\n    title\n    detail\n    upc\n    status\n    partner {\n      id\n      name\n    }\n    company {\n      id\n      name\n    }\n  }\n": typeof types.SearchDocument,
    "\n  fragment ShippingProfileFields on ShippingProfile {\n    id\n    name\n    companyId\n    caseCount\n    grossWeight {\n      value\n      unit\n    }\n    netWeight {\n      value\n      unit\n    }\n    caseLength {\n      value\n      unit\n    }\n    caseWidth {\n      value\n      unit\n    }\n    caseHeight {\n      value\n      unit\n    }\n    palletTiers\n    palletLayers\n    updatedDate\n    updatedByFirstName\n    updatedByLastName\n    updatedByEmail\n    associatedSubmissions {\n      type\n      count\n    }\n    can {\n      edit\n    }\n  }\n": typeof types.ShippingProfileFieldsFragmentDoc,
    "\n  query ShippingProfiles($companyId: Int, $associatedSubmissions: Boolean) {\n    getShippingProfileForCurrentUser(companyId: $companyId, associatedSubmissions: $associatedSubmissions) {\n      ...ShippingProfileFields\n    }\n  }\n": typeof types.ShippingProfilesDocument,
    "\n  query ShippingProfileOptions {\n    getShippingProfileForCurrentUser {\n      id\n      name\n    }\n  }\n": typeof types.ShippingProfileOptionsDocument,
    "\n  query ShippingProfile($id: Int!) {\n    getShippingProfile(id: $id) {\n      ...ShippingProfileFields\n    }\n  }\n": typeof types.ShippingProfileDocument,
    "\n  query ShippingProfileProducts($id: Int!) {\n    getShippingProfileProducts(shippingProfileId: $id) {\n      upc\n      name\n      status\n      associated\n      otherProfileName\n    }\n  }\n": typeof types.ShippingProfileProductsDocument,
    "\n  mutation CreateShippingProfile($input: ShippingProfileInput!, $companyId: Int) {\n    createShippingProfile(input: $input, companyId: $companyId) {\n      ...ShippingProfileFields\n    }\n  }\n": typeof types.CreateShippingProfileDocument,
    "\n  query ShippingProfileCompanySearch($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.ShippingProfileCompanySearchDocument,
    "\n  query ShippingProfileCompany($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n    }\n  }\n": typeof types.ShippingProfileCompanyDocument,
    "\n  query SearchPartnerConfigurations($name: String!) {\n    searchPartnerConfigurations(name: $name) {\n      id\n      companyName\n    }\n  }\n": typeof types.SearchPartnerConfigurationsDocument,
    "\n  query ActivityPage(\n    $tab: ActivityTab\n    $page: Int\n    $pageSize: Int\n    $photoIssues: Boolean\n    $q: String\n    $boundary: String\n  ) {\n    getProductSubmissionsByStatuses(\n      tab: $tab\n      page: $page\n      pageSize: $pageSize\n      photoIssues: $photoIssues\n      q: $q\n      boundary: $boundary\n    ) {\n      items {\n        kind\n        id\n        upc\n        upcs\n        productName\n        itemStatus\n        updatedDate\n        fileCount\n        partnerCompanyId\n        partnerStatusLabel\n        readiness {\n          percent\n          ready\n          version\n          failing {\n            code\n            severity\n            message\n            fix\n            fileNames\n          }\n        }\n        canDelete\n      }\n      total\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n": typeof types.ActivityPageDocument,
    "\n  mutation DeleteProductSubmission($id: ID!) {\n    deleteProductSubmission(id: $id)\n  }\n": typeof types.DeleteProductSubmissionDocument,
    "\n  mutation DeleteActivityDraft($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": typeof types.DeleteActivityDraftDocument,
    "\n  query SubmissionDetail($id: ID!) {\n    getProductSubmission(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.SubmissionDetailDocument,
    "\n  fragment ReviewCommentFields on ReviewComment {\n    target\n    fileName\n    region {\n      x\n      y\n      w\n      h\n    }\n    text\n    reasonCode\n    reason\n    by\n    at\n  }\n": typeof types.ReviewCommentFieldsFragmentDoc,
    "\n  fragment ProductFactsFields on ProductFacts {\n    basis\n    servingSize {\n      printed\n      quantity\n      unit\n    }\n    servingsPerContainer {\n      printed\n      value\n    }\n    calories\n    energyKj\n    nutrients {\n      key\n      amount\n      unit\n      dailyValuePercent\n    }\n    netContent {\n      printed\n      quantity\n      unit\n    }\n    ingredients\n    allergens\n  }\n": typeof types.ProductFactsFieldsFragmentDoc,
    "\n  fragment SubmissionDetailFields on SubmissionDetail {\n    id\n    upc\n    ean13Upc\n    productName\n    itemStatus\n    statusDisplayName\n    isImported\n    companyName\n    creatorEmail\n    creatorFirstName\n    creatorLastName\n    detectedUpcs\n    partnerCompanyId\n    zendeskTicketId\n    zendeskTicketUrl\n    updatedDate\n    badge\n    badgeNote\n    readiness {\n      percent\n      ready\n      version\n      failing {\n        code\n        severity\n        message\n        fix\n        fileNames\n      }\n    }\n    rejectionReason {\n      message\n      isAdminRejection\n    }\n    files {\n      fileName\n      kind\n      isMarketingImage\n      detectedUpcs\n      detectedFrom\n      detectionStatus\n      imageUrl\n      thumbnailUrl\n      barcodeRegion {\n        x\n        y\n        w\n        h\n      }\n      barcodeOutline {\n        x\n        y\n      }\n      qualityIssues {\n        code\n        message\n      }\n      factReadingStatus\n      photoRoles\n    }\n    reviewComments {\n      ...ReviewCommentFields\n    }\n    facts {\n      ...ProductFactsFields\n    }\n    factSources {\n      field\n      source\n      fileName\n      region {\n        x\n        y\n        width\n        height\n      }\n    }\n    history {\n      at\n      fromStatus\n      toStatus\n      reason\n      by\n      comments {\n        ...ReviewCommentFields\n      }\n    }\n    can {\n      review\n      editName\n      delete\n      appeal\n      resubmit\n      setTicket\n    }\n  }\n": typeof types.SubmissionDetailFieldsFragmentDoc,
    "\n  mutation UpdateSubmissionStatus($id: ID!, $status: DecisionStatus!, $reason: String) {\n    updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.UpdateSubmissionStatusDocument,
    "\n  mutation RenameSubmission($id: ID!, $name: String!) {\n    updateProductSubmissionProductName(id: $id, name: $name) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.RenameSubmissionDocument,
    "\n  mutation SetSupportTicket($id: ID!, $ticketId: String, $ticketUrl: String) {\n    setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.SetSupportTicketDocument,
    "\n  mutation RequestValidation($id: ID!) {\n    requestValidation(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n": typeof types.RequestValidationDocument,
};
const documents: Documents = {
    "\n  fragment BrandProfileFields on BrandProfile {\n    id\n    companyId\n    isPublished\n    brandLogoFilename\n    brandLogoUrl\n    productOneSheetFilename\n    productOneSheetUrl\n    salesDeckFilename\n    salesDeckUrl\n    marketingVideoUrl\n    brandWebsiteUrl\n    brandCountryCode\n    brandStateCode\n    brandCityName\n    yearFounded\n    brandStory\n    facebookUrl\n    instagramUrl\n    twitterUrl\n    samplesOffered\n    primaryInvestor\n    secondaryInvestor\n    raisingInvestment\n    primaryDistributionMethod\n    secondaryDistributionMethod\n    distributionRange\n    distributionRangeStates\n    salesContact {\n      Email\n      Name\n      Phone\n      Title\n    }\n    primaryBroker {\n      Company\n      Email\n      Name\n      Phone\n      Title\n    }\n    can {\n      edit\n    }\n  }\n": types.BrandProfileFieldsFragmentDoc,
    "\n  query CompanyBrandProfiles($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      brandProfiles {\n        ...BrandProfileFields\n      }\n    }\n  }\n": types.CompanyBrandProfilesDocument,
    "\n  query Countries {\n    getCountries {\n      id\n      name\n      code\n    }\n  }\n": types.CountriesDocument,
    "\n  query States($countryCode: String!) {\n    getStates(countryCode: $countryCode) {\n      id\n      name\n      code\n    }\n  }\n": types.StatesDocument,
    "\n  query Cities($countryCode: String!, $stateCode: String!) {\n    getCities(countryCode: $countryCode, stateCode: $stateCode) {\n      id\n      name\n    }\n  }\n": types.CitiesDocument,
    "\n  query DistributionMethods {\n    getDistributionMethods {\n      id\n      name\n    }\n  }\n": types.DistributionMethodsDocument,
    "\n  mutation CreateBrandProfile($companyId: Int!, $input: BrandProfileInput!) {\n    createBrandProfile(companyId: $companyId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n": types.CreateBrandProfileDocument,
    "\n  mutation UpdateBrandProfile($companyId: Int!, $brandProfileId: Int!, $input: BrandProfileInput!) {\n    updateBrandProfile(companyId: $companyId, brandProfileId: $brandProfileId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n": types.UpdateBrandProfileDocument,
    "\n  mutation UpdateBrandProfileIsPublished($companyId: Int!, $brandProfileId: Int!, $isPublished: Boolean!) {\n    updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $brandProfileId, isPublished: $isPublished) {\n      ...BrandProfileFields\n    }\n  }\n": types.UpdateBrandProfileIsPublishedDocument,
    "\n  query BulkEditRows($ids: [ID!]!) {\n    getProductSubmissions(ids: $ids) {\n      ...BulkEditRowFields\n    }\n  }\n": types.BulkEditRowsDocument,
    "\n  fragment BulkEditRowFields on ProductSubmissionRow {\n    id\n    upc\n    partnerCompanyId\n    canEdit\n    fromSheet\n    productName\n    companyName\n    suggestedClass\n    marketAccounts {\n      id\n      name\n    }\n    attributes {\n      id\n      name\n    }\n    height\n    width\n    depth\n    size\n    uom\n    fobCost\n    msrp\n    edlp\n    deliveredCost\n    wholesaleCost\n    freeFill\n    inStoreDemo\n    fairShareMerchandisingSupport\n    paidAds\n    offInvoice\n    tpr\n  }\n": types.BulkEditRowFieldsFragmentDoc,
    "\n  mutation UpdateBulkEditRows($rows: [ProductSubmissionRowInput!]!) {\n    updateProductSubmissions(rows: $rows) {\n      ...BulkEditRowFields\n    }\n  }\n": types.UpdateBulkEditRowsDocument,
    "\n  query BulkEditAttributes {\n    attributes {\n      id\n      name\n    }\n  }\n": types.BulkEditAttributesDocument,
    "\n  query SearchMarketAccounts($name: String!) {\n    searchMarketAccountsByName(name: $name) {\n      id\n      name\n    }\n  }\n": types.SearchMarketAccountsDocument,
    "\n  query SearchBrands($name: String!) {\n    searchBrandsByName(name: $name) {\n      id\n      name\n    }\n  }\n": types.SearchBrandsDocument,
    "\n  query BulkIngestionOrganizations {\n    bulkIngestionOrganizations {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n": types.BulkIngestionOrganizationsDocument,
    "\n  mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {\n    createBulkIngestionOrganization(input: $input) {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n": types.CreateBulkIngestionOrganizationDocument,
    "\n  query SearchCompaniesByName($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n": types.SearchCompaniesByNameDocument,
    "\n  fragment CataloguedProductFields on CataloguedProduct {\n    ean13Upc\n    description\n    brand\n    department\n    category\n    subcategory\n    itemSize\n    unitsOfMeasure\n    packCount\n    updatedDate\n    shippingProfileId\n    imageUrls\n    thumbnailUrls\n    isDelisted\n    can {\n      addImages\n      setShippingProfile\n      delist\n    }\n  }\n": types.CataloguedProductFieldsFragmentDoc,
    "\n  query CataloguedProducts(\n    $upcPrefix: String\n    $page: Int\n    $pageSize: Int\n    $sortBy: CatalogueSortField\n    $sortDirection: SortDirection\n    $brand: String\n    $description: String\n    $q: String\n    $after: String\n    $before: String\n  ) {\n    getCataloguedProducts(\n      upcPrefix: $upcPrefix\n      page: $page\n      pageSize: $pageSize\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      brand: $brand\n      description: $description\n      q: $q\n      after: $after\n      before: $before\n    ) {\n      items {\n        ...CataloguedProductFields\n      }\n      total\n      more\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n": types.CataloguedProductsDocument,
    "\n  query CataloguedProduct($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n": types.CataloguedProductDocument,
    "\n  query CataloguedProductFacts($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ean13Upc\n      facts {\n        ...ProductFactsFields\n      }\n    }\n  }\n": types.CataloguedProductFactsDocument,
    "\n  mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {\n    catalogueSubmission(id: $id, input: $input) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.CatalogueSubmissionDocument,
    "\n  mutation DelistCataloguedProduct($ean13Upc: String!) {\n    delistCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n": types.DelistCataloguedProductDocument,
    "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can {\n        edit\n        delete\n      }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n        qualityIssues {\n          code\n          message\n        }\n        longSidePx\n        factReadingStatus\n        photoRoles\n        photoRolesChosen\n      }\n    }\n  }\n": types.DraftSubmissionDocument,
    "\n  query ReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        code\n        kind\n        message\n        fix\n        severity\n        weight\n        field\n        min\n        check\n        minLongSidePx\n        prefixes\n        max\n        pattern\n        fileType\n        roles\n        appliesAt\n      }\n    }\n  }\n": types.ReadinessRulesDocument,
    "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) {\n      id\n    }\n  }\n": types.UpdateDraftSubmissionDocument,
    "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) {\n      id\n      upc\n      ean13Upc\n      productName\n      itemStatus\n    }\n  }\n": types.SubmitProductsFromDraftSubmissionDocument,
    "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": types.DeleteDraftSubmissionDocument,
    "\n  mutation RemoveDraftFile($id: ID!, $fileName: String!) {\n    removeDraftFile(id: $id, fileName: $fileName) {\n      id\n    }\n  }\n": types.RemoveDraftFileDocument,
    "\n  fragment PartnerConfigurationFields on PartnerConfiguration {\n    id\n    companyId\n    companyName\n    partnerLogoFileName\n    primaryColor\n    secondaryColor\n    landingPageEnabled\n    fieldRules {\n      field\n      visible\n      required\n    }\n    placementFieldsVisible\n    pricingFieldsVisible\n    promotionFieldsVisible\n    blockingPhotoChecks\n    minImageLongSidePx\n    decisionUndo\n    reviewSlaHours\n    secondApproval\n    updatedDate\n  }\n": types.PartnerConfigurationFieldsFragmentDoc,
    "\n  query PartnerConfigurations {\n    getPartnerConfigurations {\n      ...PartnerConfigurationFields\n    }\n  }\n": types.PartnerConfigurationsDocument,
    "\n  query PartnerConfiguration($partnerConfigurationId: Int!) {\n    getPartnerConfiguration(partnerConfigurationId: $partnerConfigurationId) {\n      ...PartnerConfigurationFields\n    }\n  }\n": types.PartnerConfigurationDocument,
    "\n  mutation CreatePartnerConfiguration($companyId: Int!) {\n    createPartnerConfiguration(companyId: $companyId) {\n      ...PartnerConfigurationFields\n    }\n  }\n": types.CreatePartnerConfigurationDocument,
    "\n  mutation UpdatePartnerConfiguration($partnerConfigurationId: Int!, $input: PartnerConfigurationInput!) {\n    updatePartnerConfiguration(partnerConfigurationId: $partnerConfigurationId, input: $input) {\n      ...PartnerConfigurationFields\n    }\n  }\n": types.UpdatePartnerConfigurationDocument,
    "\n  fragment ReadinessRuleFields on ReadinessRule {\n    code\n    kind\n    message\n    fix\n    severity\n    weight\n    field\n    min\n    check\n    minLongSidePx\n    prefixes\n    max\n    pattern\n    fileType\n    roles\n    appliesAt\n  }\n": types.ReadinessRuleFieldsFragmentDoc,
    "\n  query PartnerReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n": types.PartnerReadinessRulesDocument,
    "\n  query DryRunReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {\n    dryRunReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules, after: $after) {\n      judged\n      total\n      next\n      becomesNotReady\n      becomesReady\n      scoreChanges\n      openDrafts\n      draftsBlocked\n      draftsNewlyBlocked\n      rules {\n        code\n        failing\n        becomesNotReady\n        becomesReady\n        draftsBlocked\n      }\n    }\n  }\n": types.DryRunReadinessRulesDocument,
    "\n  mutation SaveReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!) {\n    saveReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n": types.SaveReadinessRulesDocument,
    "\n  query Search($q: String!, $limit: Int) {\n    search(q: $q, limit: $limit) {\n      query\n      products {\n        ...SearchHitFields\n      }\n      submissions {\n        ...SearchHitFields\n      }\n      companies {\n        ...SearchHitFields\n      }\n      submitters {\n        ...SearchHitFields\n      }\n    }\n  }\n  fragment SearchHitFields on SearchHit {\n    kind\n    id\n    title\n    detail\n    upc\n    status\n    partner {\n      id\n      name\n    }\n    company {\n      id\n      name\n    }\n  }\n": types.SearchDocument,
    "\n  fragment ShippingProfileFields on ShippingProfile {\n    id\n    name\n    companyId\n    caseCount\n    grossWeight {\n      value\n      unit\n    }\n    netWeight {\n      value\n      unit\n    }\n    caseLength {\n      value\n      unit\n    }\n    caseWidth {\n      value\n      unit\n    }\n    caseHeight {\n      value\n      unit\n    }\n    palletTiers\n    palletLayers\n    updatedDate\n    updatedByFirstName\n    updatedByLastName\n    updatedByEmail\n    associatedSubmissions {\n      type\n      count\n    }\n    can {\n      edit\n    }\n  }\n": types.ShippingProfileFieldsFragmentDoc,
    "\n  query ShippingProfiles($companyId: Int, $associatedSubmissions: Boolean) {\n    getShippingProfileForCurrentUser(companyId: $companyId, associatedSubmissions: $associatedSubmissions) {\n      ...ShippingProfileFields\n    }\n  }\n": types.ShippingProfilesDocument,
    "\n  query ShippingProfileOptions {\n    getShippingProfileForCurrentUser {\n      id\n      name\n    }\n  }\n": types.ShippingProfileOptionsDocument,
    "\n  query ShippingProfile($id: Int!) {\n    getShippingProfile(id: $id) {\n      ...ShippingProfileFields\n    }\n  }\n": types.ShippingProfileDocument,
    "\n  query ShippingProfileProducts($id: Int!) {\n    getShippingProfileProducts(shippingProfileId: $id) {\n      upc\n      name\n      status\n      associated\n      otherProfileName\n    }\n  }\n": types.ShippingProfileProductsDocument,
    "\n  mutation CreateShippingProfile($input: ShippingProfileInput!, $companyId: Int) {\n    createShippingProfile(input: $input, companyId: $companyId) {\n      ...ShippingProfileFields\n    }\n  }\n": types.CreateShippingProfileDocument,
    "\n  query ShippingProfileCompanySearch($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n": types.ShippingProfileCompanySearchDocument,
    "\n  query ShippingProfileCompany($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n    }\n  }\n": types.ShippingProfileCompanyDocument,
    "\n  query SearchPartnerConfigurations($name: String!) {\n    searchPartnerConfigurations(name: $name) {\n      id\n      companyName\n    }\n  }\n": types.SearchPartnerConfigurationsDocument,
    "\n  query ActivityPage(\n    $tab: ActivityTab\n    $page: Int\n    $pageSize: Int\n    $photoIssues: Boolean\n    $q: String\n    $boundary: String\n  ) {\n    getProductSubmissionsByStatuses(\n      tab: $tab\n      page: $page\n      pageSize: $pageSize\n      photoIssues: $photoIssues\n      q: $q\n      boundary: $boundary\n    ) {\n      items {\n        kind\n        id\n        upc\n        upcs\n        productName\n        itemStatus\n        updatedDate\n        fileCount\n        partnerCompanyId\n        partnerStatusLabel\n        readiness {\n          percent\n          ready\n          version\n          failing {\n            code\n            severity\n            message\n            fix\n            fileNames\n          }\n        }\n        canDelete\n      }\n      total\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n": types.ActivityPageDocument,
    "\n  mutation DeleteProductSubmission($id: ID!) {\n    deleteProductSubmission(id: $id)\n  }\n": types.DeleteProductSubmissionDocument,
    "\n  mutation DeleteActivityDraft($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": types.DeleteActivityDraftDocument,
    "\n  query SubmissionDetail($id: ID!) {\n    getProductSubmission(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.SubmissionDetailDocument,
    "\n  fragment ReviewCommentFields on ReviewComment {\n    target\n    fileName\n    region {\n      x\n      y\n      w\n      h\n    }\n    text\n    reasonCode\n    reason\n    by\n    at\n  }\n": types.ReviewCommentFieldsFragmentDoc,
    "\n  fragment ProductFactsFields on ProductFacts {\n    basis\n    servingSize {\n      printed\n      quantity\n      unit\n    }\n    servingsPerContainer {\n      printed\n      value\n    }\n    calories\n    energyKj\n    nutrients {\n      key\n      amount\n      unit\n      dailyValuePercent\n    }\n    netContent {\n      printed\n      quantity\n      unit\n    }\n    ingredients\n    allergens\n  }\n": types.ProductFactsFieldsFragmentDoc,
    "\n  fragment SubmissionDetailFields on SubmissionDetail {\n    id\n    upc\n    ean13Upc\n    productName\n    itemStatus\n    statusDisplayName\n    isImported\n    companyName\n    creatorEmail\n    creatorFirstName\n    creatorLastName\n    detectedUpcs\n    partnerCompanyId\n    zendeskTicketId\n    zendeskTicketUrl\n    updatedDate\n    badge\n    badgeNote\n    readiness {\n      percent\n      ready\n      version\n      failing {\n        code\n        severity\n        message\n        fix\n        fileNames\n      }\n    }\n    rejectionReason {\n      message\n      isAdminRejection\n    }\n    files {\n      fileName\n      kind\n      isMarketingImage\n      detectedUpcs\n      detectedFrom\n      detectionStatus\n      imageUrl\n      thumbnailUrl\n      barcodeRegion {\n        x\n        y\n        w\n        h\n      }\n      barcodeOutline {\n        x\n        y\n      }\n      qualityIssues {\n        code\n        message\n      }\n      factReadingStatus\n      photoRoles\n    }\n    reviewComments {\n      ...ReviewCommentFields\n    }\n    facts {\n      ...ProductFactsFields\n    }\n    factSources {\n      field\n      source\n      fileName\n      region {\n        x\n        y\n        width\n        height\n      }\n    }\n    history {\n      at\n      fromStatus\n      toStatus\n      reason\n      by\n      comments {\n        ...ReviewCommentFields\n      }\n    }\n    can {\n      review\n      editName\n      delete\n      appeal\n      resubmit\n      setTicket\n    }\n  }\n": types.SubmissionDetailFieldsFragmentDoc,
    "\n  mutation UpdateSubmissionStatus($id: ID!, $status: DecisionStatus!, $reason: String) {\n    updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.UpdateSubmissionStatusDocument,
    "\n  mutation RenameSubmission($id: ID!, $name: String!) {\n    updateProductSubmissionProductName(id: $id, name: $name) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.RenameSubmissionDocument,
    "\n  mutation SetSupportTicket($id: ID!, $ticketId: String, $ticketUrl: String) {\n    setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.SetSupportTicketDocument,
    "\n  mutation RequestValidation($id: ID!) {\n    requestValidation(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n": types.RequestValidationDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BrandProfileFields on BrandProfile {\n    id\n    companyId\n    isPublished\n    brandLogoFilename\n    brandLogoUrl\n    productOneSheetFilename\n    productOneSheetUrl\n    salesDeckFilename\n    salesDeckUrl\n    marketingVideoUrl\n    brandWebsiteUrl\n    brandCountryCode\n    brandStateCode\n    brandCityName\n    yearFounded\n    brandStory\n    facebookUrl\n    instagramUrl\n    twitterUrl\n    samplesOffered\n    primaryInvestor\n    secondaryInvestor\n    raisingInvestment\n    primaryDistributionMethod\n    secondaryDistributionMethod\n    distributionRange\n    distributionRangeStates\n    salesContact {\n      Email\n      Name\n      Phone\n      Title\n    }\n    primaryBroker {\n      Company\n      Email\n      Name\n      Phone\n      Title\n    }\n    can {\n      edit\n    }\n  }\n"): typeof import('./graphql').BrandProfileFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyBrandProfiles($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      brandProfiles {\n        ...BrandProfileFields\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyBrandProfilesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Countries {\n    getCountries {\n      id\n      name\n      code\n    }\n  }\n"): typeof import('./graphql').CountriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query States($countryCode: String!) {\n    getStates(countryCode: $countryCode) {\n      id\n      name\n      code\n    }\n  }\n"): typeof import('./graphql').StatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Cities($countryCode: String!, $stateCode: String!) {\n    getCities(countryCode: $countryCode, stateCode: $stateCode) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CitiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DistributionMethods {\n    getDistributionMethods {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').DistributionMethodsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBrandProfile($companyId: Int!, $input: BrandProfileInput!) {\n    createBrandProfile(companyId: $companyId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n"): typeof import('./graphql').CreateBrandProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBrandProfile($companyId: Int!, $brandProfileId: Int!, $input: BrandProfileInput!) {\n    updateBrandProfile(companyId: $companyId, brandProfileId: $brandProfileId, input: $input) {\n      ...BrandProfileFields\n    }\n  }\n"): typeof import('./graphql').UpdateBrandProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBrandProfileIsPublished($companyId: Int!, $brandProfileId: Int!, $isPublished: Boolean!) {\n    updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $brandProfileId, isPublished: $isPublished) {\n      ...BrandProfileFields\n    }\n  }\n"): typeof import('./graphql').UpdateBrandProfileIsPublishedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BulkEditRows($ids: [ID!]!) {\n    getProductSubmissions(ids: $ids) {\n      ...BulkEditRowFields\n    }\n  }\n"): typeof import('./graphql').BulkEditRowsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BulkEditRowFields on ProductSubmissionRow {\n    id\n    upc\n    partnerCompanyId\n    canEdit\n    fromSheet\n    productName\n    companyName\n    suggestedClass\n    marketAccounts {\n      id\n      name\n    }\n    attributes {\n      id\n      name\n    }\n    height\n    width\n    depth\n    size\n    uom\n    fobCost\n    msrp\n    edlp\n    deliveredCost\n    wholesaleCost\n    freeFill\n    inStoreDemo\n    fairShareMerchandisingSupport\n    paidAds\n    offInvoice\n    tpr\n  }\n"): typeof import('./graphql').BulkEditRowFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBulkEditRows($rows: [ProductSubmissionRowInput!]!) {\n    updateProductSubmissions(rows: $rows) {\n      ...BulkEditRowFields\n    }\n  }\n"): typeof import('./graphql').UpdateBulkEditRowsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BulkEditAttributes {\n    attributes {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').BulkEditAttributesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchMarketAccounts($name: String!) {\n    searchMarketAccountsByName(name: $name) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SearchMarketAccountsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchBrands($name: String!) {\n    searchBrandsByName(name: $name) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SearchBrandsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BulkIngestionOrganizations {\n    bulkIngestionOrganizations {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n"): typeof import('./graphql').BulkIngestionOrganizationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {\n    createBulkIngestionOrganization(input: $input) {\n      id\n      companyId\n      companyName\n      folderName\n      imageSource\n    }\n  }\n"): typeof import('./graphql').CreateBulkIngestionOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchCompaniesByName($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SearchCompaniesByNameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CataloguedProductFields on CataloguedProduct {\n    ean13Upc\n    description\n    brand\n    department\n    category\n    subcategory\n    itemSize\n    unitsOfMeasure\n    packCount\n    updatedDate\n    shippingProfileId\n    imageUrls\n    thumbnailUrls\n    isDelisted\n    can {\n      addImages\n      setShippingProfile\n      delist\n    }\n  }\n"): typeof import('./graphql').CataloguedProductFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CataloguedProducts(\n    $upcPrefix: String\n    $page: Int\n    $pageSize: Int\n    $sortBy: CatalogueSortField\n    $sortDirection: SortDirection\n    $brand: String\n    $description: String\n    $q: String\n    $after: String\n    $before: String\n  ) {\n    getCataloguedProducts(\n      upcPrefix: $upcPrefix\n      page: $page\n      pageSize: $pageSize\n      sortBy: $sortBy\n      sortDirection: $sortDirection\n      brand: $brand\n      description: $description\n      q: $q\n      after: $after\n      before: $before\n    ) {\n      items {\n        ...CataloguedProductFields\n      }\n      total\n      more\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n"): typeof import('./graphql').CataloguedProductsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CataloguedProduct($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n"): typeof import('./graphql').CataloguedProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CataloguedProductFacts($ean13Upc: String!) {\n    getCataloguedProduct(ean13Upc: $ean13Upc) {\n      ean13Upc\n      facts {\n        ...ProductFactsFields\n      }\n    }\n  }\n"): typeof import('./graphql').CataloguedProductFactsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {\n    catalogueSubmission(id: $id, input: $input) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').CatalogueSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DelistCataloguedProduct($ean13Upc: String!) {\n    delistCataloguedProduct(ean13Upc: $ean13Upc) {\n      ...CataloguedProductFields\n    }\n  }\n"): typeof import('./graphql').DelistCataloguedProductDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can {\n        edit\n        delete\n      }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n        qualityIssues {\n          code\n          message\n        }\n        longSidePx\n        factReadingStatus\n        photoRoles\n        photoRolesChosen\n      }\n    }\n  }\n"): typeof import('./graphql').DraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        code\n        kind\n        message\n        fix\n        severity\n        weight\n        field\n        min\n        check\n        minLongSidePx\n        prefixes\n        max\n        pattern\n        fileType\n        roles\n        appliesAt\n      }\n    }\n  }\n"): typeof import('./graphql').ReadinessRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').UpdateDraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) {\n      id\n      upc\n      ean13Upc\n      productName\n      itemStatus\n    }\n  }\n"): typeof import('./graphql').SubmitProductsFromDraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n"): typeof import('./graphql').DeleteDraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveDraftFile($id: ID!, $fileName: String!) {\n    removeDraftFile(id: $id, fileName: $fileName) {\n      id\n    }\n  }\n"): typeof import('./graphql').RemoveDraftFileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartnerConfigurationFields on PartnerConfiguration {\n    id\n    companyId\n    companyName\n    partnerLogoFileName\n    primaryColor\n    secondaryColor\n    landingPageEnabled\n    fieldRules {\n      field\n      visible\n      required\n    }\n    placementFieldsVisible\n    pricingFieldsVisible\n    promotionFieldsVisible\n    blockingPhotoChecks\n    minImageLongSidePx\n    decisionUndo\n    reviewSlaHours\n    secondApproval\n    updatedDate\n  }\n"): typeof import('./graphql').PartnerConfigurationFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerConfigurations {\n    getPartnerConfigurations {\n      ...PartnerConfigurationFields\n    }\n  }\n"): typeof import('./graphql').PartnerConfigurationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerConfiguration($partnerConfigurationId: Int!) {\n    getPartnerConfiguration(partnerConfigurationId: $partnerConfigurationId) {\n      ...PartnerConfigurationFields\n    }\n  }\n"): typeof import('./graphql').PartnerConfigurationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePartnerConfiguration($companyId: Int!) {\n    createPartnerConfiguration(companyId: $companyId) {\n      ...PartnerConfigurationFields\n    }\n  }\n"): typeof import('./graphql').CreatePartnerConfigurationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePartnerConfiguration($partnerConfigurationId: Int!, $input: PartnerConfigurationInput!) {\n    updatePartnerConfiguration(partnerConfigurationId: $partnerConfigurationId, input: $input) {\n      ...PartnerConfigurationFields\n    }\n  }\n"): typeof import('./graphql').UpdatePartnerConfigurationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReadinessRuleFields on ReadinessRule {\n    code\n    kind\n    message\n    fix\n    severity\n    weight\n    field\n    min\n    check\n    minLongSidePx\n    prefixes\n    max\n    pattern\n    fileType\n    roles\n    appliesAt\n  }\n"): typeof import('./graphql').ReadinessRuleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartnerReadinessRules($partnerCompanyId: Int!) {\n    getReadinessRules(partnerCompanyId: $partnerCompanyId) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n"): typeof import('./graphql').PartnerReadinessRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DryRunReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {\n    dryRunReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules, after: $after) {\n      judged\n      total\n      next\n      becomesNotReady\n      becomesReady\n      scoreChanges\n      openDrafts\n      draftsBlocked\n      draftsNewlyBlocked\n      rules {\n        code\n        failing\n        becomesNotReady\n        becomesReady\n        draftsBlocked\n      }\n    }\n  }\n"): typeof import('./graphql').DryRunReadinessRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!) {\n    saveReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules) {\n      version\n      rules {\n        ...ReadinessRuleFields\n      }\n    }\n  }\n"): typeof import('./graphql').SaveReadinessRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Search($q: String!, $limit: Int) {\n    search(q: $q, limit: $limit) {\n      query\n      products {\n        ...SearchHitFields\n      }\n      submissions {\n        ...SearchHitFields\n      }\n      companies {\n        ...SearchHitFields\n      }\n      submitters {\n        ...SearchHitFields\n      }\n    }\n  }\n  fragment SearchHitFields on SearchHit {\n    kind\n    id\n    title\n    detail\n    upc\n    status\n    partner {\n      id\n      name\n    }\n    company {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShippingProfileFields on ShippingProfile {\n    id\n    name\n    companyId\n    caseCount\n    grossWeight {\n      value\n      unit\n    }\n    netWeight {\n      value\n      unit\n    }\n    caseLength {\n      value\n      unit\n    }\n    caseWidth {\n      value\n      unit\n    }\n    caseHeight {\n      value\n      unit\n    }\n    palletTiers\n    palletLayers\n    updatedDate\n    updatedByFirstName\n    updatedByLastName\n    updatedByEmail\n    associatedSubmissions {\n      type\n      count\n    }\n    can {\n      edit\n    }\n  }\n"): typeof import('./graphql').ShippingProfileFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfiles($companyId: Int, $associatedSubmissions: Boolean) {\n    getShippingProfileForCurrentUser(companyId: $companyId, associatedSubmissions: $associatedSubmissions) {\n      ...ShippingProfileFields\n    }\n  }\n"): typeof import('./graphql').ShippingProfilesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfileOptions {\n    getShippingProfileForCurrentUser {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ShippingProfileOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfile($id: Int!) {\n    getShippingProfile(id: $id) {\n      ...ShippingProfileFields\n    }\n  }\n"): typeof import('./graphql').ShippingProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfileProducts($id: Int!) {\n    getShippingProfileProducts(shippingProfileId: $id) {\n      upc\n      name\n      status\n      associated\n      otherProfileName\n    }\n  }\n"): typeof import('./graphql').ShippingProfileProductsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateShippingProfile($input: ShippingProfileInput!, $companyId: Int) {\n    createShippingProfile(input: $input, companyId: $companyId) {\n      ...ShippingProfileFields\n    }\n  }\n"): typeof import('./graphql').CreateShippingProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfileCompanySearch($name: String!) {\n    searchCompaniesByName(name: $name) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ShippingProfileCompanySearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingProfileCompany($companyId: Int!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ShippingProfileCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchPartnerConfigurations($name: String!) {\n    searchPartnerConfigurations(name: $name) {\n      id\n      companyName\n    }\n  }\n"): typeof import('./graphql').SearchPartnerConfigurationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityPage(\n    $tab: ActivityTab\n    $page: Int\n    $pageSize: Int\n    $photoIssues: Boolean\n    $q: String\n    $boundary: String\n  ) {\n    getProductSubmissionsByStatuses(\n      tab: $tab\n      page: $page\n      pageSize: $pageSize\n      photoIssues: $photoIssues\n      q: $q\n      boundary: $boundary\n    ) {\n      items {\n        kind\n        id\n        upc\n        upcs\n        productName\n        itemStatus\n        updatedDate\n        fileCount\n        partnerCompanyId\n        partnerStatusLabel\n        readiness {\n          percent\n          ready\n          version\n          failing {\n            code\n            severity\n            message\n            fix\n            fileNames\n          }\n        }\n        canDelete\n      }\n      total\n      page\n      pageSize\n      startCursor\n      endCursor\n    }\n  }\n"): typeof import('./graphql').ActivityPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProductSubmission($id: ID!) {\n    deleteProductSubmission(id: $id)\n  }\n"): typeof import('./graphql').DeleteProductSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteActivityDraft($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n"): typeof import('./graphql').DeleteActivityDraftDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubmissionDetail($id: ID!) {\n    getProductSubmission(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').SubmissionDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReviewCommentFields on ReviewComment {\n    target\n    fileName\n    region {\n      x\n      y\n      w\n      h\n    }\n    text\n    reasonCode\n    reason\n    by\n    at\n  }\n"): typeof import('./graphql').ReviewCommentFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductFactsFields on ProductFacts {\n    basis\n    servingSize {\n      printed\n      quantity\n      unit\n    }\n    servingsPerContainer {\n      printed\n      value\n    }\n    calories\n    energyKj\n    nutrients {\n      key\n      amount\n      unit\n      dailyValuePercent\n    }\n    netContent {\n      printed\n      quantity\n      unit\n    }\n    ingredients\n    allergens\n  }\n"): typeof import('./graphql').ProductFactsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SubmissionDetailFields on SubmissionDetail {\n    id\n    upc\n    ean13Upc\n    productName\n    itemStatus\n    statusDisplayName\n    isImported\n    companyName\n    creatorEmail\n    creatorFirstName\n    creatorLastName\n    detectedUpcs\n    partnerCompanyId\n    zendeskTicketId\n    zendeskTicketUrl\n    updatedDate\n    badge\n    badgeNote\n    readiness {\n      percent\n      ready\n      version\n      failing {\n        code\n        severity\n        message\n        fix\n        fileNames\n      }\n    }\n    rejectionReason {\n      message\n      isAdminRejection\n    }\n    files {\n      fileName\n      kind\n      isMarketingImage\n      detectedUpcs\n      detectedFrom\n      detectionStatus\n      imageUrl\n      thumbnailUrl\n      barcodeRegion {\n        x\n        y\n        w\n        h\n      }\n      barcodeOutline {\n        x\n        y\n      }\n      qualityIssues {\n        code\n        message\n      }\n      factReadingStatus\n      photoRoles\n    }\n    reviewComments {\n      ...ReviewCommentFields\n    }\n    facts {\n      ...ProductFactsFields\n    }\n    factSources {\n      field\n      source\n      fileName\n      region {\n        x\n        y\n        width\n        height\n      }\n    }\n    history {\n      at\n      fromStatus\n      toStatus\n      reason\n      by\n      comments {\n        ...ReviewCommentFields\n      }\n    }\n    can {\n      review\n      editName\n      delete\n      appeal\n      resubmit\n      setTicket\n    }\n  }\n"): typeof import('./graphql').SubmissionDetailFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubmissionStatus($id: ID!, $status: DecisionStatus!, $reason: String) {\n    updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').UpdateSubmissionStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameSubmission($id: ID!, $name: String!) {\n    updateProductSubmissionProductName(id: $id, name: $name) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').RenameSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSupportTicket($id: ID!, $ticketId: String, $ticketUrl: String) {\n    setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').SetSupportTicketDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestValidation($id: ID!) {\n    requestValidation(id: $id) {\n      ...SubmissionDetailFields\n    }\n  }\n"): typeof import('./graphql').RequestValidationDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
