import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { readinessPolicy } from './policy.ts';

const supplier = { scopes: [] };
const settingsReader = { scopes: [SCOPES.readPartnerConfigurations] };
const settingsAdmin = { scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations] };
const fullAdmin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };

describe('readiness policy', () => {
  it("any signed-in user reads a partner's rules (a supplier scores its products against them)", () => {
    for (const user of [supplier, settingsReader, settingsAdmin, fullAdmin])
      expect(readinessPolicy.viewRules(user)).toBe(true);
  });
  it('only partner-configuration administrators change them', () => {
    expect(readinessPolicy.editRules(settingsAdmin)).toBe(true);
    for (const user of [supplier, settingsReader, fullAdmin]) expect(readinessPolicy.editRules(user)).toBe(false);
  });
});
