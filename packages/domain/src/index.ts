export * from './scopes.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './account.ts';
export * from './partner.ts';
export * from './auth-forms.ts';
