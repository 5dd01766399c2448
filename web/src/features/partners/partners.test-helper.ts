import { resolvedFieldRules } from '@portal/domain';
import type { SettingsConfiguration } from './partners-api.ts';

/** A configuration as the server answers one with nothing stored: every flag true. */
export function buildConfiguration(over: Partial<SettingsConfiguration> = {}): SettingsConfiguration {
  return {
    id: 7,
    companyId: 30500,
    companyName: 'NORTHSIDE MARKET CO-OP',
    partnerLogoFileName: null,
    primaryColor: '#1f5f8b',
    secondaryColor: null,
    landingPageEnabled: true,
    fieldRules: resolvedFieldRules({}),
    placementFieldsVisible: true,
    pricingFieldsVisible: true,
    promotionFieldsVisible: true,
    blockingPhotoChecks: [],
    minImageLongSidePx: 1000,
    decisionUndo: true,
    reviewSlaHours: null,
    secondApproval: 'off',
    updatedDate: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
