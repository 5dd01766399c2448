import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_NAME } from './constants.ts';
import { sanitizeProductName } from './product-name.ts';

describe('sanitizeProductName: strips first, then cuts at 80 characters', () => {
  it('keeps every letter of a pasted name that is 80 characters once its emoji are gone', () => {
    const letters = 'Organic Rolled Oats Breakfast Cereal With Almonds And Honey Family Size 32 Ounce';
    expect(letters).toHaveLength(MAX_PRODUCT_NAME);
    const pasted = `🥣 ${letters.replace('Honey', 'Honey 🍯')} 🌾✨`;
    expect(pasted.length).toBeGreaterThan(MAX_PRODUCT_NAME);
    expect(sanitizeProductName(pasted).trim()).toBe(letters);
  });

  it('counts the spaces the stripped symbols leave once', () => {
    const name = sanitizeProductName(`${'a'.repeat(40)} 👨‍👩‍👧‍👦 ™ ★ ${'b'.repeat(39)}`);
    expect(name).toBe(`${'a'.repeat(40)} ${'b'.repeat(39)}`);
  });

  it('cuts at 80 characters, not 80 UTF-16 units: a letter outside the basic plane is never split', () => {
    const name = sanitizeProductName(`${'x'.repeat(79)}𝐀𝐁`);
    expect(Array.from(name)).toHaveLength(MAX_PRODUCT_NAME);
    expect(name).toBe(`${'x'.repeat(79)}𝐀`);
    expect(name).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('never parts a letter from its accent at the cut', () => {
    const accented = 'e\u0301'; // é written as e and a combining accent
    const name = sanitizeProductName(`${'x'.repeat(79)}${accented}z`);
    expect(name).toBe('x'.repeat(79));
    expect(sanitizeProductName(`${'x'.repeat(78)}${accented}z`)).toBe(`${'x'.repeat(78)}${accented}`);
  });

  it('leaves a short name as it is, apart from emoji and symbols', () => {
    expect(sanitizeProductName('Salt & Pepper, 2+1 ($5 off)')).toBe('Salt & Pepper, 2+1 ($5 off)');
    expect(sanitizeProductName('  Oat 🥣 Crunch™ ')).toBe('Oat Crunch ');
  });
});
