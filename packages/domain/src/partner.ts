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

/** Title case for partner company names on the landing page. */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const isHexColour = (value: string) => HEX_COLOUR.test(value);
