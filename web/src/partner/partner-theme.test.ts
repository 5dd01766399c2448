import { describe, expect, it } from 'vitest';
import type { PartnerConfiguration } from './partner-configuration.ts';
import { partnerShellStyle } from './partner-theme.ts';

const config = (primaryColor: string | null): PartnerConfiguration => ({
  id: 1,
  companyId: 30443,
  companyName: 'Partner',
  partnerLogoFileName: null,
  primaryColor,
  secondaryColor: null,
  landingPageEnabled: true,
});

describe('partnerShellStyle', () => {
  it('ignores a missing or invalid colour', () => {
    expect(partnerShellStyle(undefined)).toBeUndefined();
    expect(partnerShellStyle(config(null))).toBeUndefined();
    expect(partnerShellStyle(config('red; background: url(x)'))).toBeUndefined();
  });

  it('themes buttons and links with a dark colour that keeps white text readable', () => {
    expect(partnerShellStyle(config('#0b5394'))).toMatchObject({
      '--shell-band': '#0b5394',
      '--shell-on-band': '#ffffff',
      '--mantine-color-brand-filled': '#0b5394',
    });
  });

  it('uses a light colour for the header band only, with black text', () => {
    const style = partnerShellStyle(config('#ffd966')) as Record<string, string>;
    expect(style['--shell-band']).toBe('#ffd966');
    expect(style['--shell-on-band']).toBe('#000000');
    expect(style['--mantine-color-brand-filled']).toBeUndefined();
  });
});
