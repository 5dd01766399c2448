import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio } from '../ui/colour-contrast.ts';
import type { PartnerConfiguration } from './partner-configuration.ts';
import { partnerThemeVariables } from './partner-theme.ts';

const config = (primaryColor: string | null, secondaryColor: string | null = null): PartnerConfiguration => ({
  id: 1,
  companyId: 30443,
  companyName: 'Partner',
  partnerLogoFileName: null,
  primaryColor,
  secondaryColor,
  landingPageEnabled: true,
});

describe('partnerThemeVariables', () => {
  it('ignores a missing or invalid colour', () => {
    expect(partnerThemeVariables(undefined)).toBeUndefined();
    expect(partnerThemeVariables(config(null))).toBeUndefined();
    expect(partnerThemeVariables(config('red; background: url(x)'))).toBeUndefined();
  });

  it('fills buttons with the button colour, with whichever of black or white text reads on it', () => {
    const vars = partnerThemeVariables(config('#2e7d32', '#fbc02d'))!;
    expect(vars['--shell-band']).toBe('#2e7d32');
    expect(vars['--mantine-primary-color-filled']).toBe('#fbc02d');
    expect(vars['--mantine-color-brand-filled']).toBe('#fbc02d');
    expect(vars['--brand-on-filled']).toBe('#000000');
    expect(contrastRatio(vars['--mantine-color-brand-filled-hover'], '#000000')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('without a button colour, fills buttons with the primary colour', () => {
    const vars = partnerThemeVariables(config('#0b5394'))!;
    expect(vars['--mantine-color-brand-filled']).toBe('#0b5394');
    expect(vars['--brand-on-filled']).toBe('#ffffff');
    expect(vars['--mantine-color-anchor']).toBe('#0b5394');
  });

  it('a light primary colour still themes links and light controls, darkened until they read (AA)', () => {
    const vars = partnerThemeVariables(config('#ffd966'))!;
    expect(vars['--shell-on-band']).toBe('#000000');
    expect(vars['--mantine-color-brand-filled']).toBe('#ffd966');
    expect(vars['--brand-on-filled']).toBe('#000000');
    expect(contrastRatio(vars['--mantine-color-anchor'], '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(
      contrastRatio(vars['--mantine-color-brand-light-color'], vars['--mantine-color-brand-light']),
    ).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(
      contrastRatio(vars['--mantine-color-brand-light-color'], vars['--mantine-color-brand-light-hover']),
    ).toBeGreaterThanOrEqual(AA_CONTRAST);
  });
});
