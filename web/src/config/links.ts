/** Addresses outside the app's routes. */
export const SIGN_UP_URL = 'https://vendorportal.example/signup';
export const SCHEDULE_PDF = '/static/schedule.pdf';
export const FAQS_PDF = '/static/FAQs.pdf';
export const IMAGE_REQUIREMENTS_PDF = '/static/image-requirements.pdf';
export const OIDC_LOGIN_URL = '/api/auth/oidc/login';
