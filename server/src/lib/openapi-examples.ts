import { z } from 'zod';

/**
 * A schema's example, made from the examples its parts carry (`.meta({ examples: [...] })` on the shared zod schemas
 * of the domain package and on the routes' own): an object is its fields' examples, a list one item's, a nullable its
 * inner's. Enums give their first value, literals and defaults their value, booleans `true`; any other value without an
 * example of its own (a string, a number, a date) has none, and `missing` names where, so that a route cannot go
 * without a realistic example unnoticed (server/test/openapi.test.ts). Optional fields without an example are left
 * out. `io` picks the side of a transform: `input` for request bodies, `output` for answers.
 */
export type ExampleResult = { value: unknown; missing?: undefined } | { value?: undefined; missing: string[] };

type Io = 'input' | 'output';
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The example a schema (or a schema it was derived from by a refinement or `.describe()`) carries itself. */
export function ownExample(schema: z.ZodType): { value: unknown } | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = s._zod.parent as z.ZodType | undefined) {
    const meta = z.globalRegistry.get(s) as { example?: unknown; examples?: unknown[] } | undefined;
    if (meta && Array.isArray(meta.examples) && meta.examples.length) return { value: meta.examples[0] };
    if (meta && 'example' in meta && meta.example !== undefined) return { value: meta.example };
  }
  return undefined;
}

const MAX_DEPTH = 12;

export function exampleOf(schema: z.ZodType, io: Io, path = '$', depth = 0): ExampleResult {
  const own = ownExample(schema);
  if (own) return own;
  if (depth > MAX_DEPTH) return { missing: [path] };
  const def = defOf(schema);
  const inner = (key: string, p = path) => exampleOf(def[key] as z.ZodType, io, p, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const value: Record<string, unknown> = {};
      const missing: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const ex = exampleOf(field, io, `${path}.${key}`, depth + 1);
        const optional = (io === 'input' ? field._zod.optin : field._zod.optout) === 'optional';
        if (ex.missing) {
          if (!optional) missing.push(...ex.missing);
        } else if (ex.value !== undefined) value[key] = ex.value;
      }
      return missing.length ? { missing } : { value };
    }
    case 'array': {
      const ex = inner('element', `${path}[]`);
      return ex.missing ? ex : { value: [ex.value] };
    }
    case 'tuple': {
      const items = (def.items as z.ZodType[]).map((item, i) => exampleOf(item, io, `${path}[${i}]`, depth + 1));
      const missing = items.flatMap((i) => i.missing ?? []);
      return missing.length ? { missing } : { value: items.map((i) => i.value) };
    }
    case 'record': {
      const key = exampleOf(def.keyType as z.ZodType, io, `${path}{key}`, depth + 1);
      const value = inner('valueType', `${path}{}`);
      if (defOf(def.keyType as z.ZodType).type === 'enum') {
        // An enum's keys are all required (zod 4): each with the value's example.
        if (value.missing) return value;
        const keys = Object.values(defOf(def.keyType as z.ZodType).entries as Record<string, string>);
        return { value: Object.fromEntries(keys.map((k) => [k, value.value])) };
      }
      return !key.missing && !value.missing ? { value: { [String(key.value)]: value.value } } : { value: {} };
    }
    case 'enum':
      return { value: Object.values(def.entries as Record<string, unknown>)[0] };
    case 'literal':
      return { value: (def.values as unknown[])[0] };
    case 'boolean':
      return { value: true };
    case 'null':
      return { value: null };
    case 'nullable': {
      const ex = inner('innerType');
      return ex.missing ? { value: null } : ex;
    }
    case 'optional':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner('innerType');
    case 'default':
    case 'prefault': {
      const ex = inner('innerType');
      return ex.missing ? { value: def.defaultValue } : ex;
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      let first: ExampleResult | undefined;
      for (const [i, option] of options.entries()) {
        const ex = exampleOf(option, io, `${path}|${i}`, depth + 1);
        if (!ex.missing) return ex;
        first ??= ex;
      }
      return first ?? { missing: [path] };
    }
    case 'intersection': {
      const left = inner('left');
      const right = inner('right');
      if (left.missing || right.missing) return { missing: [...(left.missing ?? []), ...(right.missing ?? [])] };
      return { value: { ...(left.value as object), ...(right.value as object) } };
    }
    case 'pipe': {
      const [first, second] = io === 'input' ? ['in', 'out'] : ['out', 'in'];
      const ex = inner(first);
      return ex.missing ? (inner(second).missing ? ex : inner(second)) : ex;
    }
    case 'lazy':
      return exampleOf((def.getter as () => z.ZodType)(), io, path, depth + 1);
    default:
      return { missing: [path] };
  }
}
