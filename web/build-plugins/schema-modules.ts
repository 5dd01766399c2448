import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which modules need zod, for the build's chunk groups (vite.config.ts): zod is a quarter of the code the signed-in
 * pages share, and only the pages with forms (and a few that use rules kept beside schemas) need it.
 */

const DOMAIN_SRC = path.resolve(import.meta.dirname, '../../packages/domain/src');
const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/][\w.-]+\.ts$/;
const WEB_MODULE = /[\\/]web[\\/]src[\\/].+\.tsx?$/;
const importsZod = (source: string) => /from 'zod(\/[\w/]+)?'/.test(source);

/** A domain module that builds zod schemas. */
export const buildsSchemas = (id: string) => DOMAIN_MODULE.test(id) && importsZod(readFileSync(id, 'utf8'));

let schemaExports: Set<string> | undefined;
/** The names the domain's schema-building modules export (what index.ts passes on from them). */
function namesFromSchemaModules() {
  if (!schemaExports) {
    schemaExports = new Set();
    for (const file of readdirSync(DOMAIN_SRC)) {
      if (!file.endsWith('.ts') || file.includes('.test.')) continue;
      const source = readFileSync(path.join(DOMAIN_SRC, file), 'utf8');
      if (!importsZod(source)) continue;
      for (const m of source.matchAll(/^export (?:async )?(?:const|function|class|let) ([\w$]+)/gm))
        schemaExports.add(m[1]);
    }
  }
  return schemaExports;
}

/** A web module that takes a value from one of those modules (through `@portal/domain`), so needs zod loaded. */
export function usesSchemaModules(id: string) {
  if (!WEB_MODULE.test(id)) return false;
  const names = namesFromSchemaModules();
  const source = readFileSync(id, 'utf8');
  for (const m of source.matchAll(/^import \{([^}]*)\} from '@portal\/domain'/gm)) {
    for (const spec of m[1].split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ') && names.has(name)) return true;
    }
  }
  return false;
}
