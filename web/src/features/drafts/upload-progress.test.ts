import { describe, expect, it } from 'vitest';
import { formatBytes, overallProgress, perFileProgress } from './upload-progress.ts';

describe('per-file progress of one multipart request', () => {
  it('maps the bytes sent onto each file by its byte range', () => {
    // Files of 100, 300 and 100 bytes; the body adds 100 bytes of framing (600 in all).
    const sizes = [100, 300, 100];
    expect(perFileProgress(sizes, { loaded: 0, total: 600 })).toEqual([0, 0, 0]);
    // 300 of 600 sent: 250 of the files' 500 bytes.
    expect(perFileProgress(sizes, { loaded: 300, total: 600 })).toEqual([99, 50, 0]);
    expect(perFileProgress(sizes, { loaded: 540, total: 600 })).toEqual([99, 99, 50]);
  });

  it('is complete only when the whole request was sent', () => {
    expect(perFileProgress([10, 20], { loaded: 100, total: 100 })).toEqual([100, 100]);
    expect(perFileProgress([10, 20], null)).toEqual([0, 0]);
  });

  it('overall progress and sizes as people read them', () => {
    expect(overallProgress({ loaded: 1, total: 3 })).toBe(33);
    expect(overallProgress(null)).toBe(0);
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(15728640)).toBe('15.0 MB');
  });
});
