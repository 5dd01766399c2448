import type { Plugin } from 'vite';

/** A Mantine component's class map, e.g. `@mantine/core/esm/components/Button/Button.module.mjs`. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;

/** The style sheet a Mantine module needs, or null: Mantine ships one per component, named like its class map. */
export function mantineStylesheetFor(moduleId: string): string | null {
  const match = CLASS_MAP.exec(moduleId.split('?')[0]);
  return match ? `@mantine/core/styles/${match[1]}.layer.css` : null;
}

/**
 * Mantine's CSS per component instead of all of it (250 KB): each component module that the build includes
 * imports its own style sheet, so the CSS follows the code into the same lazily loaded chunks. The `.layer.css`
 * variants put Mantine in a cascade layer, so the app's own styles win whatever order the chunks arrive in.
 * The dev server pre-bundles Mantine (no per-module hook there), so it gets the whole layered sheet instead.
 */
export function mantineStylesPerComponent({ entry = '/src/main.tsx' } = {}): Plugin {
  let serving = false;
  return {
    name: 'portal:mantine-styles-per-component',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving) return id.endsWith(entry) ? `import '@mantine/core/styles.layer.css';\n${code}` : null;
      const sheet = mantineStylesheetFor(id);
      return sheet ? { code: `import '${sheet}';\n${code}`, map: null } : null;
    },
  };
}
