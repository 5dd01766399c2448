import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, filtersFingerprint } from './keyset.ts';

const position = { sort: 'updated_at', key: '1795651200123456', id: '0b6f1c3e-8f7a-4d2b-9c1e-5a4b3c2d1e0f' } as const;
const filters = { companyId: 7, statuses: ['SUBMITTED'] };
const expected = { sort: 'updated_at', filters } as const;
const invalid = { status: 400, code: 'INVALID_CURSOR' };
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('keyset cursors', () => {
  it('round-trip a position with its microseconds and a page boundary, as an opaque base64url string', () => {
    const cursor = encodeCursor({ ...position, boundary: { page: 20_000, edge: 'end' } }, filters);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, expected)).toEqual({ ...position, boundary: { page: 20_000, edge: 'end' } });
    expect(decodeCursor(encodeCursor(position, filters), expected)).toEqual(position);
  });

  it('the fingerprint ignores the order of the filters but not their values', () => {
    expect(filtersFingerprint({ a: 1, b: [2] })).toBe(filtersFingerprint({ b: [2], a: 1 }));
    expect(filtersFingerprint({ a: 1, b: null })).toBe(filtersFingerprint({ a: 1, b: undefined }));
    expect(filtersFingerprint({ a: 1 })).not.toBe(filtersFingerprint({ a: 2 }));
  });

  it('refuse, as a 400 INVALID_CURSOR, a cursor of another list or another sort', () => {
    const cursor = encodeCursor(position, filters);
    expect(() => decodeCursor(cursor, { sort: 'updated_at', filters: { ...filters, companyId: 8 } })).toThrow(
      expect.objectContaining(invalid),
    );
    expect(() => decodeCursor(cursor, { sort: 'created_at', filters })).toThrow(expect.objectContaining(invalid));
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/='],
    ['not JSON', b64('{nope')],
    ['JSON but not an object', b64('[1,2,3]')],
    ['another version', b64({ v: 2, s: 'updated_at', k: '1', i: position.id, f: filtersFingerprint(filters) })],
    [
      'a key that is not a whole number',
      b64({ v: 1, s: 'updated_at', k: '1.5', i: position.id, f: filtersFingerprint(filters) }),
    ],
    [
      'a key made to break SQL',
      b64({ v: 1, s: 'updated_at', k: "1'; drop table x;--", i: position.id, f: filtersFingerprint(filters) }),
    ],
    ['an id that is not a UUID', b64({ v: 1, s: 'updated_at', k: '1', i: 'x', f: filtersFingerprint(filters) })],
    [
      'a page without its edge',
      b64({ v: 1, s: 'updated_at', k: '1', i: position.id, f: filtersFingerprint(filters), p: 3 }),
    ],
    ['page 0', b64({ v: 1, s: 'updated_at', k: '1', i: position.id, f: filtersFingerprint(filters), p: 0, e: 'end' })],
    ['far too long', 'A'.repeat(600)],
    ...['9999999999999999999', '9223372036854775807', '-9223372036854775808', '253402300800000000', '01', 'x'].map(
      (k) => [
        `a key past bigint, past a timestamp or not a number (${k})`,
        b64({ v: 1, s: 'updated_at', k, i: position.id, f: filtersFingerprint(filters) }),
      ],
    ),
  ])('refuse a forged cursor (%s) as a 400 INVALID_CURSOR', (_name, cursor) => {
    expect(() => decodeCursor(cursor, expected)).toThrow(expect.objectContaining(invalid));
  });
});
