import { describe, expect, it } from 'vitest';
import { admin, creator, stranger, viewer } from '../../../test/support/policy-users.ts';
import { SCOPES } from '@portal/domain';
import { reviewPolicy } from './policy.ts';

const reviewerOnly = { scopes: [SCOPES.writeAllProductSubmissions] };
const settingsAdmin = { scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations] };

describe('review policy', () => {
  it('staff with review rights (write all submissions) use every part of the workspace', () => {
    for (const user of [admin, reviewerOnly])
      for (const rule of Object.values(reviewPolicy)) expect(rule(user)).toBe(true);
  });
  it('suppliers, read-only administrators and settings administrators use none of it', () => {
    for (const user of [creator, stranger, viewer, settingsAdmin])
      for (const rule of Object.values(reviewPolicy)) expect(rule(user)).toBe(false);
  });
});
