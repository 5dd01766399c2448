/** WCAG relative luminance and contrast, to keep partner colours readable (AA). */
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function toRgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on the background. */
export const readableTextOn = (background: string) =>
  contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';

/** AA for normal text. */
export const AA_CONTRAST = 4.5;

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `colour` moved `amount` (0..1) of the way towards `towards`. */
export function mix(colour: string, towards: string, amount: number): string {
  const a = toRgb(colour);
  const b = toRgb(towards);
  return toHex(a.map((c, i) => c + (b[i] - c) * amount));
}

/** The colour itself if it reads on `background` at `ratio`, else the nearest darker shade of it that does. */
export function darkenToContrast(colour: string, background: string, ratio = AA_CONTRAST): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const shade = mix(colour, '#000000', amount);
    if (contrastRatio(shade, background) >= ratio) return shade;
  }
  return '#000000';
}
