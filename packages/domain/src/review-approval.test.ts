import { describe, expect, it } from 'vitest';
import { reasonCodeChoices, reasonCodeInWords } from './review-approval.ts';

describe('reason codes for comments', () => {
  it('lists each code once, in the words of the first stock reason carrying it; reasons without a code are left out', () => {
    const choices = reasonCodeChoices([
      { code: 'BARCODE_UNREADABLE', text: 'The barcode is not readable on the photo.' },
      { code: null, text: 'Something else.' },
      { code: 'NAME_MISMATCH', text: 'The name is not the one on the pack.' },
      { code: 'BARCODE_UNREADABLE', text: 'Barcode blurred (every partner).' },
    ]);
    expect(choices).toEqual([
      { code: 'BARCODE_UNREADABLE', text: 'The barcode is not readable on the photo.' },
      { code: 'NAME_MISMATCH', text: 'The name is not the one on the pack.' },
    ]);
  });

  it('writes a code no stock reason carries any longer as words', () => {
    expect(reasonCodeInWords('BARCODE_UNREADABLE')).toBe('Barcode unreadable');
    expect(reasonCodeInWords('IMG-2-BLURRED')).toBe('Img 2 blurred');
    expect(reasonCodeInWords('X')).toBe('X');
  });
});
