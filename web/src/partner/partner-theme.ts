import { useEffect } from 'react';
import { AA_CONTRAST, darkenToContrast, mix, readableTextOn } from '../ui/colour-contrast.ts';
import { usePartnerId } from './partner-context.tsx';
import { usePartnerConfiguration, validColour, type PartnerConfiguration } from './partner-configuration.ts';

/** Filled buttons of the primary colour read their text from this variable (ui/theme.ts); white by default. */
export const ON_FILLED_VAR = '--brand-on-filled';

/**
 * The CSS variables that give a partner's pages the partner's colours (issue 17): the header band and the login
 * panel take the primary colour; filled buttons the button colour (else the primary), with black or white text,
 * whichever reads; links, outlined and light controls a shade of the primary that keeps 4.5:1 (WCAG AA).
 */
export function partnerThemeVariables(config: PartnerConfiguration | undefined): Record<string, string> | undefined {
  const primary = validColour(config?.primaryColor);
  if (!primary) return undefined;
  const button = validColour(config?.secondaryColor) ?? primary;
  const onButton = readableTextOn(button);
  // Hover moves away from the text colour, so the text stays readable.
  const buttonHover = mix(button, onButton === '#ffffff' ? '#000000' : '#ffffff', 0.12);
  const text = darkenToContrast(primary, '#ffffff');
  const tint = mix(primary, '#ffffff', 0.88);
  const tintHover = mix(primary, '#ffffff', 0.8);
  const onTint = darkenToContrast(primary, tintHover, AA_CONTRAST);
  const filled = {
    filled: button,
    'filled-hover': buttonHover,
    outline: text,
    'outline-hover': tint,
    light: tint,
    'light-hover': tintHover,
    'light-color': onTint,
  };
  const vars: Record<string, string> = {
    '--shell-band': primary,
    '--shell-on-band': readableTextOn(primary),
    [ON_FILLED_VAR]: onButton,
    '--mantine-primary-color-contrast': onButton,
    '--mantine-color-anchor': text,
  };
  for (const [name, value] of Object.entries(filled)) {
    vars[`--mantine-primary-color-${name}`] = value;
    vars[`--mantine-color-brand-${name}`] = value;
  }
  return vars;
}

/**
 * Puts the partner's variables on the document root while a partner is set, so that everything takes them:
 * the shell, the login page, and dialogs and menus, which Mantine renders outside the page's own tree.
 */
export function usePartnerTheme() {
  const partnerId = usePartnerId();
  const { data: config } = usePartnerConfiguration(partnerId);
  useEffect(() => {
    const vars = partnerThemeVariables(config);
    if (!vars) return;
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.removeProperty(name);
    };
  }, [config]);
}

/** The partner's colours on the document while its pages are shown (rendered once, in the partner scope). */
export function PartnerTheme() {
  usePartnerTheme();
  return null;
}
