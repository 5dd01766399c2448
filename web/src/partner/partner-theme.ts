import type { CSSProperties } from 'react';
import { AA_CONTRAST, contrastRatio, readableTextOn } from '../ui/colour-contrast.ts';
import { validColour, type PartnerConfiguration } from './partner-configuration.ts';

/**
 * CSS variables that theme the logged-in shell in the partner's primary colour.
 * The header band always takes it (with black or white text, whichever reads);
 * buttons and links take it only if white text on it still meets AA contrast.
 */
export function partnerShellStyle(config: PartnerConfiguration | undefined): CSSProperties | undefined {
  const primary = validColour(config?.primaryColor);
  if (!primary) return undefined;
  const style: Record<string, string> = {
    '--shell-band': primary,
    '--shell-on-band': readableTextOn(primary),
  };
  if (contrastRatio(primary, '#ffffff') >= AA_CONTRAST) {
    Object.assign(style, {
      '--mantine-primary-color-filled': primary,
      '--mantine-primary-color-filled-hover': primary,
      '--mantine-color-brand-filled': primary,
      '--mantine-color-brand-filled-hover': primary,
      '--mantine-color-brand-outline': primary,
      '--mantine-color-brand-light-color': primary,
      '--mantine-color-anchor': primary,
    });
  }
  return style as CSSProperties;
}
