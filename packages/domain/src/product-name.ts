import { MAX_PRODUCT_NAME } from './constants.ts';

// Emoji (with their joiners, variation selectors and skin-tone modifiers) and pictographic or modifier symbols.
// Currency and math signs stay: "2+1" or "$5 off" can be part of a real product name.
const STRIPPED = /[\p{Extended_Pictographic}\p{So}\p{Sk}\p{Emoji_Modifier}\u{e0020}-\u{e007f}]|\u200d|\ufe0e|\ufe0f/gu;

/** Product name as stored: emoji and symbols stripped, spaces collapsed, at most 80 characters. */
export function sanitizeProductName(input: string): string {
  return input.replace(STRIPPED, '').replace(/\s+/g, ' ').trimStart().slice(0, MAX_PRODUCT_NAME);
}
