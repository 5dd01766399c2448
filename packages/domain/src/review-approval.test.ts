import { describe, expect, it } from 'vitest';
import {
  reasonCodeChoices,
  reasonCodeForSupplier,
  reasonCodeInWords,
  rejectionReasonForSupplier,
} from './review-approval.ts';

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

describe('a reason code as the supplier reads it', () => {
  it("reads the stock reason's words, then the code; the code written out when no stock reason carries it", () => {
    expect(reasonCodeForSupplier('BARCODE_UNREADABLE', 'Barcode unreadable.')).toBe(
      'Barcode unreadable (BARCODE_UNREADABLE)',
    );
    expect(reasonCodeForSupplier('PHOTO_BLUR', null)).toBe('Photo blur (PHOTO_BLUR)');
  });

  it("a rejection's reason keeps the reviewer's words and adds the code's unless they are the same", () => {
    const code = { code: 'BARCODE_UNREADABLE', words: 'Barcode unreadable' };
    expect(rejectionReasonForSupplier('Barcode unreadable.', code)).toBe('Barcode unreadable (BARCODE_UNREADABLE)');
    expect(rejectionReasonForSupplier('The bars are cut off.', code)).toBe(
      'The bars are cut off. (Barcode unreadable, BARCODE_UNREADABLE)',
    );
    expect(rejectionReasonForSupplier(null, code)).toBe('Barcode unreadable (BARCODE_UNREADABLE)');
    expect(rejectionReasonForSupplier('The bars are cut off.', null)).toBe('The bars are cut off.');
    expect(rejectionReasonForSupplier(null, null)).toBeNull();
  });
});
