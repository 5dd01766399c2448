import { MAX_PRODUCT_NAME } from './constants.ts';

// Emoji (with their joiners, variation selectors and skin-tone modifiers) and pictographic or modifier symbols.
// Currency and math signs stay: "2+1" or "$5 off" can be part of a real product name.
const STRIPPED = /[\p{Extended_Pictographic}\p{So}\p{Sk}\p{Emoji_Modifier}\u{e0020}-\u{e007f}]|\u200d|\ufe0e|\ufe0f/gu;

const COMBINING_MARK = /^\p{M}$/u;

/**
 * Product name as stored: emoji and symbols stripped, spaces collapsed, then at most 80 characters (part 1 section 5).
 * Stripping comes first, so a pasted name keeps every letter the symbols made room for. Characters are code points:
 * the cut never splits a character outside the basic plane, and never parts a letter from its accents (it goes whole).
 */
export function sanitizeProductName(input: string): string {
  const stripped = input.replace(STRIPPED, '').replace(/\s+/g, ' ').trimStart();
  const chars = Array.from(stripped);
  if (chars.length <= MAX_PRODUCT_NAME) return stripped;
  let end = MAX_PRODUCT_NAME;
  while (end > 0 && COMBINING_MARK.test(chars[end])) end--;
  return chars.slice(0, end).join('');
}
