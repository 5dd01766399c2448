export const BRAND_PROFILE_SAVED = 'Brand profile saved.';
export const BRAND_PROFILE_SAVE_FAILED = 'We could not save your brand profile. Please try again.';
export const BRAND_PROFILE_LOAD_FAILED = 'We could not load your brand profile. Please reload the page.';
export const SAVE_HINT = 'Complete the required fields and make a change to save.';
