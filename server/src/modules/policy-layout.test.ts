import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Permissions live in one place per area (docs/decisions/architecture.md): modules/<area>/policy.ts, tested beside it.
const modulesDir = path.dirname(fileURLToPath(import.meta.url));
/** Public by nature, with no user to ask about: nothing for a policy to decide. */
const WITHOUT_POLICY = new Map([['health', 'liveness and readiness probes for load balancers']]);
/**
 * An area that acts for another, whose policy it asks: a read side (docs/decisions/architecture.md, layers); a
 * supplier's sheet, which makes drafts and is read by who may write them.
 */
const POLICY_OF = new Map([
  ['submission-views', 'submissions'],
  ['sheet-import', 'drafts'],
]);

const areas = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const files = (area: string) => readdirSync(path.join(modulesDir, area)).filter((f) => f.endsWith('.ts'));
const exposes = (area: string) => files(area).some((f) => f === 'routes.ts' || f === 'graphql.ts');
const source = (area: string, file: string) => readFileSync(path.join(modulesDir, area, file), 'utf8');

/** A rule written from scopes or roles directly, which belongs in a policy. */
const INLINE_RULE =
  /\bSCOPES\.|\b(isAnyAdmin|isFullAdmin|isReadOnlyAdmin|isPartnerConfigAdmin|isInternal|isSupplier)\(|\bscopes\.(includes|length|some|every)\b/;

describe('permissions: one policy per area', () => {
  it.each(areas.filter(exposes).filter((a) => !WITHOUT_POLICY.has(a)))(
    '%s has a policy.ts, unit-tested beside it and asked by the area',
    (area) => {
      const owner = POLICY_OF.get(area) ?? area;
      expect(existsSync(path.join(modulesDir, owner, 'policy.ts'))).toBe(true);
      expect(existsSync(path.join(modulesDir, owner, 'policy.test.ts'))).toBe(true);
      const policy = owner === area ? './policy.ts' : `../${owner}/policy.ts`;
      const askers = files(area).filter(
        (f) => !f.startsWith('policy.') && source(area, f).includes(`from '${policy}'`),
      );
      expect(askers).not.toEqual([]);
    },
  );

  it('no module outside a policy decides from scopes or roles itself', () => {
    const inline = areas.flatMap((area) =>
      files(area)
        .filter((f) => !f.startsWith('policy.') && !f.endsWith('.test.ts'))
        .flatMap((f) =>
          source(area, f)
            .split('\n')
            .map((line, i) => ({ at: `${area}/${f}:${i + 1}`, line })),
        )
        .filter(({ line }) => INLINE_RULE.test(line)),
    );
    expect(inline).toEqual([]);
  });
});
