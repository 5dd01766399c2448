import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  cursorType: 'pointer',
});

// Mantine's default dimmed grey (gray-6) is below 4.5:1 on white; gray-7 passes AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
