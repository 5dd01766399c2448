/**
 * Patterns a partner types into a readiness rule, run by the browser's and Node's backtracking regular-expression
 * engines on every keystroke and on every submission a recompute judges. A pattern that can backtrack
 * exponentially ("catastrophic backtracking": `(a+)+b`, `(a|a)*b`) would hang the page or the worker on one
 * product name, so a pattern is accepted only when its worst case stays small (docs/decisions/readiness.md):
 *
 * - at most PATTERN_MAX_LENGTH characters, and it must compile (with the `u` flag: no ambiguous escapes);
 * - no backreference and no lookaround (they defeat every bound below);
 * - no repeated group (`*`, `+`, a count over 1) that holds a quantifier or an alternation (star height 1: `(ab)+` and
 *   `(\.\d+)?` yes, `(a+)+` and `(a|b)*` no);
 * - at most PATTERN_MAX_VARIABLE_QUANTIFIERS quantifiers of variable count (`*`, `+`, `?`, `{n,}`, `{n,m}`), so
 *   that even overlapping ones (`\w*\s*\w*`) try at most about n³ splits of the value;
 * - the value tested is at most PATTERN_MAX_SUBJECT characters (a longer one fails the rule without being tested).
 *
 * With those bounds the worst allowed pattern on the longest allowed value runs in milliseconds.
 */

export const PATTERN_MAX_LENGTH = 200;
export const PATTERN_MAX_VARIABLE_QUANTIFIERS = 3;
export const PATTERN_MAX_SUBJECT = 200;

export const PATTERN_MSG = {
  tooLong: `A pattern is at most ${PATTERN_MAX_LENGTH} characters.`,
  invalid: (why: string) => `The pattern is not a valid regular expression: ${why}`,
  backreference: 'A pattern may not use backreferences (\\1, \\k<name>): they can make a check run for ever.',
  lookaround: 'A pattern may not use lookahead or lookbehind ((?=, (?!, (?<=, (?<!).',
  nested:
    'A repeated group may not contain a quantifier or an alternation, e.g. (a+)+ or (a|b)*: such a pattern can take for ever on some names. Repeat the characters instead, e.g. [ab]*.',
  tooManyQuantifiers: `A pattern may have at most ${PATTERN_MAX_VARIABLE_QUANTIFIERS} quantifiers of variable count (*, +, ?, {n,m}).`,
};

interface Group {
  /** A quantifier or an alternation is inside (at any depth). */
  risky: boolean;
}

/** What is wrong with a pattern (PATTERN_MSG), or null when it is safe to run. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > PATTERN_MAX_LENGTH) return PATTERN_MSG.tooLong;
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    return PATTERN_MSG.invalid((e as Error).message.replace(/^Invalid regular expression: /, ''));
  }
  const stack: Group[] = [{ risky: false }];
  let variable = 0;
  let inClass = false;
  /** The last thing read was a group just closed, and whether it was risky. */
  let closed: Group | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    const afterGroup = closed;
    closed = null;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return PATTERN_MSG.backreference;
      i += 1;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      continue;
    }
    if (ch === '(') {
      if (/^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) return PATTERN_MSG.lookaround;
      stack.push({ risky: false });
      // (?:...) and (?<name>...): the group's prefix is no quantifier.
      if (pattern[i + 1] === '?') i = pattern[i + 2] === ':' ? i + 2 : pattern.indexOf('>', i);
      continue;
    }
    if (ch === ')') {
      const group = stack.pop()!;
      if (group.risky) stack[stack.length - 1].risky = true;
      closed = group;
      continue;
    }
    if (ch === '|') {
      stack[stack.length - 1].risky = true;
      continue;
    }
    const quantifier = quantifierAt(pattern, i);
    if (!quantifier) continue;
    // Any repeat of a risky group multiplies its ways to match: (a*){50} is as bad as (a*)*; (a*)? is not a repeat.
    if (afterGroup?.risky && quantifier.repeats) return PATTERN_MSG.nested;
    if (quantifier.variable) {
      variable += 1;
      stack[stack.length - 1].risky = true;
    }
    // A lazy or possessive-looking suffix belongs to the quantifier.
    i += quantifier.length - 1 + (pattern[i + quantifier.length] === '?' ? 1 : 0);
  }
  return variable > PATTERN_MAX_VARIABLE_QUANTIFIERS ? PATTERN_MSG.tooManyQuantifiers : null;
}

/** A quantifier starting at i: its length, whether its count varies ({3} does not), whether it repeats (? does not). */
function quantifierAt(pattern: string, i: number): { length: number; variable: boolean; repeats: boolean } | null {
  const ch = pattern[i];
  if (ch === '*' || ch === '+') return { length: 1, variable: true, repeats: true };
  if (ch === '?') return { length: 1, variable: true, repeats: false };
  if (ch !== '{') return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!m) return null;
  const fixed = m[2] === undefined || m[3] === m[1];
  const most = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { length: m[0].length, variable: !fixed, repeats: most > 1 };
}

/**
 * Whether a whole value matches a checked pattern (anchored at both ends); a value longer than PATTERN_MAX_SUBJECT
 * does not. Callers check the pattern with patternProblem first (the rule schema does).
 */
export function matchesPattern(pattern: string, value: string): boolean {
  if (value.length > PATTERN_MAX_SUBJECT) return false;
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}

/** Simple formats the rule editor offers for a field, as patterns (each passes patternProblem). */
export const FIELD_FORMAT_PRESETS: readonly { label: string; pattern: string }[] = [
  { label: 'Whole number', pattern: '\\d+' },
  { label: 'Number, up to 2 decimals', pattern: '\\d+(\\.\\d{1,2})?' },
  { label: 'Starts with a capital letter', pattern: '\\p{Lu}.*' },
  { label: "Letters, digits, spaces and - & ' . ,", pattern: "[\\p{L}\\p{N} &'.,-]+" },
  { label: 'Has a lower-case letter (not all capitals)', pattern: '.*\\p{Ll}.*' },
];
