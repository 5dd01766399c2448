/** Partner id in the first path segment: numeric only. */
export function parsePartnerSegment(segment: string | undefined): number | null {
  if (!segment || !/^[0-9]{1,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 ? id : null;
}

/** Prefix an internal path with the partner segment when a partner is set. */
export function withPartner(path: string, partnerId: number | null | undefined): string {
  if (!partnerId) return path;
  return path === '/' ? `/${partnerId}` : `/${partnerId}${path}`;
}

/** Words whose part after the hyphen stays small when a name in capitals is title-cased. */
const HYPHENATED_WORDS: Record<string, string> = { 'co-op': 'Co-op' };

/**
 * Title case for partner company names written in capitals ('FRESH MARKET GROCERS'). A name that already has small
 * letters was written by someone who knew its casing ('Northside Market Co-op') and is kept as it is.
 */
export function titleCase(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/\p{L}+-\p{L}+/gu, (word) => HYPHENATED_WORDS[word.toLowerCase()] ?? word);
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const isHexColour = (value: string) => HEX_COLOUR.test(value);
