import { SAME_PICTURE_BITS } from './perceptual-hash.ts';

/**
 * A 64-bit hash (16 hex digits) cut into three bands, as the picture_fingerprints table stores them (its generated
 * columns cut the same digits). Two hashes at most SAME_PICTURE_BITS apart differ by at most NEAR_BITS in one of the
 * bands (were every band NEAR_BITS + 1 apart or more, the hashes would be more than SAME_PICTURE_BITS apart), so every
 * picture within SAME_PICTURE_BITS is among those with a band equal to one of the few values near the new hash's band.
 * Three bands keep both sides small: a few hundred values to look up, and about one stored hash in 2^20 met by chance
 * per value, so the check costs the same with 10 or 100,000 earlier files.
 */
export const BANDS = [
  { from: 0, digits: 5 },
  { from: 5, digits: 5 },
  { from: 10, digits: 6 },
] as const;

export const NEAR_BITS = Math.floor(SAME_PICTURE_BITS / BANDS.length);

/** The three bands of a 16-hex-digit hash. */
export function bandsOf(hash: string): number[] {
  return BANDS.map(({ from, digits }) => parseInt(hash.slice(from, from + digits), 16));
}

/** Every value of a band of BITS bits at most NEAR_BITS bits from VALUE, VALUE itself first. */
export function nearValues(value: number, bits: number, near = NEAR_BITS): number[] {
  const out = [value];
  const flip = (v: number, from: number, left: number) => {
    if (left === 0) return;
    for (let b = from; b < bits; b++) {
      const flipped = v ^ (1 << b);
      out.push(flipped);
      flip(flipped, b + 1, left - 1);
    }
  };
  flip(value, 0, near);
  return out;
}

/**
 * For each band, the values a stored whole hash and a stored centre hash may have to be the same picture as HASH
 * ('whole-centre'): pictureDistance compares whole with whole, whole with centre and centre with whole, so a stored
 * whole is looked up near both of the new hash's halves, a stored centre near its whole only.
 */
export function bandLookups(hash: string): { whole: number[][]; centre: number[][] } {
  const [whole, centre = whole] = hash.split('-');
  const near = (h: string) => bandsOf(h).map((v, i) => nearValues(v, BANDS[i].digits * 4));
  const nearWhole = near(whole);
  const nearCentre = near(centre);
  return {
    whole: nearWhole.map((values, i) => [...new Set([...values, ...nearCentre[i]])]),
    centre: nearWhole,
  };
}
