import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJson, INLINE_COMPRESSION_MAX_BYTES, negotiateEncoding } from '../src/lib/json-compression.ts';

describe('choosing the encoding of a JSON answer', () => {
  it('prefers brotli, falls back to gzip, and honours q-values and q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('compressing a JSON answer', () => {
  it('gives the same JSON back in either encoding, below and above the size compressed inline', async () => {
    const row = (i: number) => ({ id: i, productName: `Product ${i}`, itemStatus: 'SUBMITTED' });
    for (const rows of [10, 2000]) {
      const json = JSON.stringify(Array.from({ length: rows }, (_, i) => row(i)));
      expect(Buffer.byteLength(json) > INLINE_COMPRESSION_MAX_BYTES, `${rows} rows`).toBe(rows > 10);
      const gzipped = await compressJson(json, 'gzip');
      const brotli = await compressJson(Buffer.from(json), 'br');
      expect(gunzipSync(gzipped).toString()).toBe(json);
      expect(brotliDecompressSync(brotli).toString()).toBe(json);
      expect(gzipped.length).toBeLessThan(json.length / 2);
    }
  });
});
