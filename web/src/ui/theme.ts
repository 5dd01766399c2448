import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// A leafy green: shade 7 (the filled shade) keeps white text above 5:1 (WCAG AA).
const brand: MantineColorsTuple = [
  '#eaf6ee',
  '#d3ebdb',
  '#a6d6b6',
  '#76c08f',
  '#4fad6e',
  '#379f5a',
  '#28914c',
  '#1e7a3f',
  '#176634',
  '#0f5228',
];

/**
 * Filled controls of the primary colour read their text colour from a variable (white unless a partner's button
 * colour needs black: partner/partner-theme.ts), so a light button colour still reads.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  const primary = !input.color || input.color === input.theme.primaryColor;
  if (input.variant === 'filled' && primary)
    return { ...colours, color: 'var(--brand-on-filled, var(--mantine-color-white))' };
  return colours;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // A closed drop-down (Select, Autocomplete...) is not rendered: Mantine would keep its options in the page, hidden,
    // and position them at every mount. A page pays for a list only when it opens (docs/decisions/web-performance.md).
    Combobox: { defaultProps: { keepMounted: false } },
    // A table wider than a phone scrolls sideways: keyboard users must be able to reach and scroll it (axe
    // scrollable-region-focusable), so its viewport takes focus.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A file input's placeholder is page text ('Choose a logo'), not a hint inside a text box: it must read (AA).
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } } },
  },
});

// Mantine's default dimmed grey (gray-6) is below 4.5:1 on white; gray-7 passes AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
