/** Every user-facing message of the spec, in one place. */
export const MSG = {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter a password.',
  confirmRequired: 'Please confirm the password.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordWeak: 'Does not meet requirements',
  firstNameRequired: 'Please enter a first name.',
  lastNameRequired: 'Please enter a last name.',
  firstNameTooLong: 'Please keep the first name to 100 characters or fewer.',
  lastNameTooLong: 'Please keep the last name to 100 characters or fewer.',
  emailTaken: 'An account with this email address already exists.',
  oldPasswordWrong: 'Old password entered does not match existing password.',
  invalidLogin: 'Invalid email or password',
  forbidden: "Did you take a wrong turnip? We can't display the page requested.",
  sessionExpired: 'Your session has expired. Please refresh your browser and login again.',
  serverError:
    "Please Romaine Calm! There's an error on our end. We aren't able to complete your request at this time.",
  /** A 404 is not an outage (issue 17): what was asked for is not there, or not the user's. */
  notFound: "We couldn't find what you asked for. It may have been removed, or the link may be out of date.",
  resetLinkInvalid: 'This password link has expired or was already used. Please request a new one.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests at once. Please wait a minute and try again.',
  queryTooCostly:
    'This request asks for too much at once (cost {cost}, at most {budget}). Ask for fewer pages or smaller pages.',
  introspectionDisabled: 'GraphQL introspection is turned off.',
  /** A cursor or page link that does not decode, or belongs to another list (a 400, never a 500). */
  invalidCursor: 'This page link is no longer valid: start again from the first page.',
  pageLoadFailed: 'This page could not be loaded. Please check your connection and reload the page.',
} as const;

/** Why Add New is disabled for a read-only administrator (catalogue and activity). */
export const READ_ONLY_NO_ADD = 'Read-only administrators cannot add new submissions.';

export const LOGIN_FAILURE_REASONS = ['INVALID_CREDENTIALS', 'INSUFFICIENT_PASSWORD_STRENGTH'] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];
