import { describe, expect, it } from 'vitest';
import {
  isPlaceholderCode,
  judgedAsPhoto,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_MSG,
  photoChecksFor,
} from './photo-checks.ts';
import { presentPhotoIssues } from './photo-checks-schema.ts';

describe('PLACEHOLDER_CODE: placeholder barcodes', () => {
  it('all zeros, one digit repeated, plain runs and published example codes are placeholders', () => {
    for (const code of [
      '0000000000000',
      '00000000',
      '1111111111116',
      '999999999993',
      '012345678905',
      '1234567890128',
      '12345670',
      '0614141123452',
      '5901234123457',
      '9506000134352',
      '614141123452',
    ]) {
      expect(isPlaceholderCode(code), code).toBe(true);
    }
  });

  it('a UPC-E example is a placeholder in every form: its 8 printed digits, its UPC-A and EAN-13 expansions', () => {
    // 0 123456 5 and 0 012345 7: the bench's generated UPC-E illustrations (datasets upce-1/1.png and 2.png).
    for (const code of ['01234565', '012345000065', '0012345000065', '00123457', '0001234000057']) {
      expect(isPlaceholderCode(code), code).toBe(true);
    }
    // A real UPC-E (and its expansion) is not.
    for (const code of ['04252614', '042100005264', '0042100005264']) expect(isPlaceholderCode(code), code).toBe(false);
  });

  it("real products' codes are not, Wikipedia's real example codes included", () => {
    for (const code of [
      '4006381333931',
      '036000291452',
      '0036000291452',
      '8711000530085',
      '96385074',
      '7613034626844',
    ]) {
      expect(isPlaceholderCode(code), code).toBe(false);
    }
  });
});

describe('which checks fit the file', () => {
  it('a photo gets every check; a PDF (spec sheet or artwork) only those of the code read from it', () => {
    for (const kind of ['jpeg', 'png', 'gif', 'tiff']) expect(photoChecksFor(kind)).toEqual(PHOTO_ISSUE_CODES);
    expect(photoChecksFor('pdf')).toEqual(['PLACEHOLDER_CODE', 'CODE_UNREADABLE']);
    expect(judgedAsPhoto('pdf')).toBe(false);
  });
});

describe('photo issue messages', () => {
  it('every check has a one-line message naming the fix', () => {
    for (const code of PHOTO_ISSUE_CODES) {
      const message = PHOTO_ISSUE_MSG[code]();
      expect(message).not.toContain('\n');
      expect(message.length).toBeLessThan(200);
    }
    expect(PHOTO_ISSUE_MSG.BLURRY()).toContain('retake the photo closer to the barcode');
  });

  it('DUPLICATE names the other file; stored issues are presented with their messages, unknown ones left out', () => {
    const shown = presentPhotoIssues([
      { code: 'DUPLICATE', detail: 'front.jpg in another draft' },
      { code: 'NOPE' },
      'junk',
    ]);
    expect(shown).toEqual([
      { code: 'DUPLICATE', message: expect.stringContaining('the same picture as front.jpg in another draft') },
    ]);
    expect(presentPhotoIssues(null)).toEqual([]);
  });

  it("a submitted item's duplicate note names where the other picture is from the item, and asks nothing it cannot do", () => {
    const shown = presentPhotoIssues(
      [
        { code: 'DUPLICATE', detail: 'front.jpg in another draft' },
        { code: 'DUPLICATE', detail: 'side.jpg in this draft' },
        { code: 'DUPLICATE', detail: 'back.jpg in another draft', worseCopy: true },
        { code: 'DUPLICATE', detail: 'top.jpg in the submission of UPC 0036000291452' },
        { code: 'DUPLICATE' },
      ],
      'submission',
    ).map((issue) => issue.message);
    expect(shown).toEqual([
      'Duplicate: the same picture as front.jpg in a draft of the same company.',
      'Duplicate: the same picture as side.jpg, sent in the same upload.',
      'Duplicate: this looks like a lower-quality copy of back.jpg in a draft of the same company.',
      'Duplicate: the same picture as top.jpg in the submission of UPC 0036000291452.',
      'Duplicate: the same picture as another file of the same company.',
    ]);
    for (const message of shown) expect(message).not.toMatch(/another draft|this draft|remove this one|Upload a/);
  });
});
