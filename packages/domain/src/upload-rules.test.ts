import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './constants.ts';
import { addToDraft, addToSelection, hasAcceptedFormat, UPLOAD_MSG } from './upload-rules.ts';

const f = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('upload selection (part 1 section 5)', () => {
  it('accepts PDF, JPG, PNG, GIF, TIF by name and declared type', () => {
    for (const n of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.gif', 'f.tif', 'g.TIFF'])
      expect(hasAcceptedFormat(f(n))).toBe(true);
    expect(hasAcceptedFormat(f('a.bmp'))).toBe(false);
    // Phone photos too: the server keeps them as JPEG. The message naming the formats stays the spec's.
    for (const [n, type] of [
      ['IMG_0001.HEIC', 'image/heic'],
      ['IMG_0002.heif', 'image/heif'],
      ['IMG_0003.heic', ''],
    ])
      expect(hasAcceptedFormat(f(n, 1000, type))).toBe(true);
    expect(hasAcceptedFormat(f('a.png', 10, 'text/plain'))).toBe(false);
  });

  it('drops empty and oversized files with the size message', () => {
    const r = addToSelection(
      [],
      [f('ok.png'), f('empty.png', 0), f('big.png', MAX_FILE_BYTES + 1), f('max.png', MAX_FILE_BYTES)],
    );
    expect(r.files.map((x) => x.name)).toEqual(['ok.png', 'max.png']);
    expect(r.error).toBe(`We weren't able to add 2 file(s). ${UPLOAD_MSG.size}`);
  });

  it('drops other formats', () => {
    const r = addToSelection([], [f('notes.txt')]);
    expect(r.files).toEqual([]);
    expect(r.error).toBe("We weren't able to add 1 file(s). The file format must be PDF, JPG, PNG, GIF or TIF.");
  });

  it('names are unique case-insensitively, within the selection and against files already chosen', () => {
    const r = addToSelection([f('Front.png')], [f('front.PNG'), f('back.png'), f('BACK.png')]);
    expect(r.files.map((x) => x.name)).toEqual(['Front.png', 'back.png']);
    expect(r.error).toBe(`We weren't able to add 2 file(s). ${UPLOAD_MSG.unique}`);
  });

  it('keeps only the last 10 valid files and says why, with every reason', () => {
    const many = Array.from({ length: 12 }, (_, i) => f(`p${i}.jpg`));
    const r = addToSelection([], [...many, f('bad.doc')]);
    expect(r.files.map((x) => x.name)).toEqual(many.slice(2).map((x) => x.name));
    expect(r.rejected).toBe(3);
    expect(r.error).toBe(`We weren't able to add 3 file(s). ${UPLOAD_MSG.tooMany} ${UPLOAD_MSG.format}`);
  });

  it('no error when everything fits', () => {
    expect(addToSelection([f('a.png')], [f('b.pdf')]).error).toBeNull();
  });
});

describe('adding files to a saved draft (at most 10 per draft)', () => {
  it('returns only the new files, checked against the names already in the draft', () => {
    const r = addToDraft([f('front.png')], [f('Front.PNG'), f('side.png'), f('notes.txt')]);
    expect(r.files.map((x) => x.name)).toEqual(['side.png']);
    expect(r.error).toBe(`We weren't able to add 2 file(s). ${UPLOAD_MSG.format} ${UPLOAD_MSG.unique}`);
  });

  it("keeps the draft's files and only the last new files that fit", () => {
    const existing = Array.from({ length: 8 }, (_, i) => f(`d${i}.png`));
    const r = addToDraft(existing, [f('a.png'), f('b.png'), f('c.png')]);
    expect(r.files.map((x) => x.name)).toEqual(['b.png', 'c.png']);
    expect(r.error).toBe(`We weren't able to add 1 file(s). ${UPLOAD_MSG.tooMany}`);
  });

  it('adds nothing to a full draft', () => {
    const full = Array.from({ length: 10 }, (_, i) => f(`d${i}.png`));
    const r = addToDraft(full, [f('a.png')]);
    expect(r.files).toEqual([]);
    expect(r.error).toBe(`We weren't able to add 1 file(s). ${UPLOAD_MSG.tooMany}`);
  });

  it('no error when everything fits', () => {
    expect(addToDraft([f('a.png')], [f('b.pdf')])).toEqual({ files: [f('b.pdf')], rejected: 0, error: null });
  });
});
