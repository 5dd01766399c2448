import { describe, expect, it } from 'vitest';
import { pictureDistance, SAME_PICTURE_BITS } from './perceptual-hash.ts';
import { BANDS, bandLookups, bandsOf, NEAR_BITS, nearValues } from './picture-bands.ts';

/** A repeatable stream of 16-hex-digit hashes. */
function hashes(seed: number): () => string {
  let x = seed;
  const next = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x);
  return () => [0, 1, 2, 3].map(() => (next() >>> 16).toString(16).padStart(4, '0')).join('');
}

/** HASH with BITS distinct bits flipped, chosen by SEED. */
function flipped(hash: string, bits: number, seed: number): string {
  let value = BigInt(`0x${hash}`);
  const chosen = new Set<number>();
  for (let i = 0; chosen.size < bits; i++) chosen.add((seed * 31 + i * 17 + i * i) % 64);
  for (const b of chosen) value ^= 1n << BigInt(b);
  return value.toString(16).padStart(16, '0');
}

/** Whether a stored hash would be among the candidates looked up for NEW (as the SQL of picturesNear asks). */
function lookup(newHash: string) {
  const look = bandLookups(newHash);
  const [whole, centre] = [look.whole.map((v) => new Set(v)), look.centre.map((v) => new Set(v))];
  return (stored: string) => {
    const [w, c = w] = stored.split('-');
    return bandsOf(w).some((v, i) => whole[i].has(v)) || bandsOf(c).some((v, i) => centre[i].has(v));
  };
}
const lookedUp = (newHash: string, stored: string) => lookup(newHash)(stored);

describe('picture bands', () => {
  it('cut the 64 bits into three bands, and two bits per band is enough for eight bits in all', () => {
    expect(BANDS.reduce((sum, b) => sum + b.digits * 4, 0)).toBe(64);
    expect(NEAR_BITS).toBe(2);
    expect(bandsOf('00001fffff123456')).toEqual([0x00001, 0xfffff, 0x123456]);
  });

  it('nearValues lists each value within two bits once: 1 + 20 + 190 for a 20-bit band', () => {
    const near = nearValues(0b1010, 20);
    expect(near).toHaveLength(1 + 20 + 190);
    expect(new Set(near).size).toBe(near.length);
    expect(near[0]).toBe(0b1010);
    expect(nearValues(0, 24)).toHaveLength(1 + 24 + 276);
  });

  it('every stored hash within SAME_PICTURE_BITS is looked up, whole to whole, whole to centre and centre to whole', () => {
    const source = hashes(7);
    for (let i = 0; i < 300; i++) {
      const whole = source();
      const centre = source();
      const bits = i % (SAME_PICTURE_BITS + 1);
      const same = [
        `${flipped(whole, bits, i)}-${source()}`,
        `${source()}-${flipped(whole, bits, i + 1)}`,
        `${flipped(centre, bits, i + 2)}-${source()}`,
        flipped(whole, bits, i + 3),
      ];
      for (const stored of same) {
        expect(pictureDistance(`${whole}-${centre}`, stored)).toBeLessThanOrEqual(SAME_PICTURE_BITS);
        expect(lookedUp(`${whole}-${centre}`, stored), `${whole}-${centre} / ${stored}`).toBe(true);
      }
    }
  });

  it('an unrelated hash is rarely a candidate (about 1 in 800: some 2,000 band values of 2^20 and 2^24)', () => {
    const source = hashes(11);
    const newHash = `${source()}-${source()}`;
    const isCandidate = lookup(newHash);
    let met = 0;
    for (let i = 0; i < 20_000; i++) if (isCandidate(`${source()}-${source()}`)) met++;
    expect(met).toBeLessThan(60);
  });
});
