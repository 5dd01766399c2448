/** Business constants of part 1 section 9 and part 2 section 9. */
export const MAX_FILES_PER_SELECTION = 10;
export const MAX_FILES_PER_DRAFT = 10;
/**
 * Live result streams (a draft's server-sent events) one user may hold open on one server: a page per draft, in a
 * few tabs. A browser keeps at most 6 connections per site over HTTP/1.1, so more streams would stall the user's
 * other requests; past this the page reads its draft again now and then instead.
 */
export const DRAFT_EVENT_STREAMS_PER_USER_MAX = 5;
export const MAX_FILE_BYTES = 15728640;
export const MAX_UPC_DIGITS = 14;
export const RESUBMIT_UPC_MIN = 8;
export const RESUBMIT_UPC_MAX = 14;
export const MAX_PRODUCT_NAME = 80;
export const ACTIVITY_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 1000;
export const TOAST_MS = 10000;
export const BANNER_TRANSITION_MS = 500;
export const TAB_FADE_MS = 250;
export const FADE_MS = 400;
export const MENU_FADE_MS = 300;
export const MENU_WIDTH_PX = 184;
export const MENU_ITEM_HEIGHT_PX = 44;
export const VENDOR_AUTH_PROMPT_MS = 10000;
/** Partner company whose suppliers must accept the vendor terms. */
export const VENDOR_AUTH_PARTNER_COMPANY_ID = 30443;
export const PASSWORD_MIN_LENGTH = 8;
/** How long a password-reset link works (the spec's guidance to users is 30 minutes). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const SHIPPING_ASSIGNMENT_PAGE_SIZE = 8;
export const JOB_TABLE_PAGE_SIZE = 10;
export const LOGIN_BREAKPOINT_PX = 848;
export const STICKY_MENU_OFFSET_PX = 18;
export const DEFAULT_PAGE_TITLE = 'Product Hub';
export const UNNAMED = 'Unnamed';
export const NO_UPC_PROVIDED = 'No UPC Provided';
export const SUPPORT_EMAIL = 'support@producthub.example';

export const FEATURE_FLAGS = ['SHIPPING_PROFILE', 'BRAND_PROFILE', 'SUBMISSION_LIST_VIEW'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * What the web app reads first on every page, under /api. The server answers them in the page it sends (a JSON block
 * with the id FIRST_READS_ELEMENT_ID), so the app asks for them only where that is missing (the dev server, a page
 * sent while the database was out of reach) and after the session changes.
 */
export const SESSION_FIRST_READS = { user: '/user?optional=true', flags: '/feature-flags/enabled' } as const;
/** The id of the JSON block in which the server sends a page with the answers of SESSION_FIRST_READS. */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

/** The largest certified-values CSV an import takes. */
export const CATALOGUE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The longest first or last name an account keeps. */
export const PERSON_NAME_MAX = 100;
