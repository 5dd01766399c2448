import { describe, expect, it } from 'vitest';
import {
  FIELD_FORMAT_PRESETS,
  matchesPattern,
  PATTERN_MAX_SUBJECT,
  PATTERN_MSG,
  patternProblem,
} from './safe-pattern.ts';

describe('patterns safe to run on every keystroke', () => {
  it.each([
    '[A-Z][^!?]*',
    '\\d{3}-\\d{4}',
    '(ab)+c',
    '(?:\\d{3})+',
    '(?<size>\\d+) ?(oz|g|ml)',
    '\\d+(\\.\\d{1,2})?',
    'Organic .*',
    '[(a+)+]*',
  ])('accepts %s', (pattern) => expect(patternProblem(pattern)).toBeNull());

  it.each([
    ['(a+)+b', PATTERN_MSG.nested],
    ['(a|aa)*b', PATTERN_MSG.nested],
    ['(?:x*y)*', PATTERN_MSG.nested],
    ['(a*){20}', PATTERN_MSG.nested],
    ['(a|b){2,}', PATTERN_MSG.nested],
    ['((a)+)+', PATTERN_MSG.nested],
    ['(a)\\1', PATTERN_MSG.backreference],
    ['(?<n>a)\\k<n>', PATTERN_MSG.backreference],
    ['a(?=b)', PATTERN_MSG.lookaround],
    ['(?<!a)b', PATTERN_MSG.lookaround],
    ['a*b*c*d*', PATTERN_MSG.tooManyQuantifiers],
    ['a?a?a?a?a?a?', PATTERN_MSG.tooManyQuantifiers],
    ['x'.repeat(201), PATTERN_MSG.tooLong],
  ])('refuses %s', (pattern, message) => expect(patternProblem(pattern)).toBe(message));

  it('the formats the editor offers are all accepted', () => {
    for (const preset of FIELD_FORMAT_PRESETS) expect(patternProblem(preset.pattern)).toBeNull();
    expect(matchesPattern(FIELD_FORMAT_PRESETS[1].pattern, '12.50')).toBe(true);
    expect(matchesPattern(FIELD_FORMAT_PRESETS[4].pattern, 'OAT CRISPS')).toBe(false);
  });

  it('matches the whole value; a value past the subject limit fails without being tested', () => {
    expect(matchesPattern('\\d+', '123')).toBe(true);
    expect(matchesPattern('\\d+', 'a123')).toBe(false);
    expect(matchesPattern('a|b', 'ab')).toBe(false); // anchored around the alternation too
    expect(matchesPattern('.*', 'x'.repeat(PATTERN_MAX_SUBJECT + 1))).toBe(false);
  });

  it('the worst pattern it accepts (three overlapping stars) on the longest value still answers', () => {
    const worst = '\\w*\\w*\\w*!';
    expect(patternProblem(worst)).toBeNull();
    expect(matchesPattern(worst, 'a'.repeat(PATTERN_MAX_SUBJECT))).toBe(false);
  });
});
