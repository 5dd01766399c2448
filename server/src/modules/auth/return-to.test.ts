import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

const PUBLIC_URL = 'https://portal.example';

describe('safeReturnTo', () => {
  it('keeps a path of the portal with its query and fragment', () => {
    expect(safeReturnTo('/admin/submissions?tab=pending#top', PUBLIC_URL)).toBe('/admin/submissions?tab=pending#top');
    expect(safeReturnTo('/', PUBLIC_URL)).toBe('/');
  });

  it('refuses anything a browser could read as another host or scheme', () => {
    for (const raw of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      ' /x',
      '/..//evil.example',
      '/\u3000/x',
      'x',
    ]) {
      expect(safeReturnTo(raw, PUBLIC_URL), JSON.stringify(raw)).toBeNull();
    }
  });

  it('leaves encoded characters encoded (the browser does not decode them into a host)', () => {
    expect(safeReturnTo('/%2F%2Fevil.example', PUBLIC_URL)).toBe('/%2F%2Fevil.example');
    expect(safeReturnTo('/%5Cevil.example', PUBLIC_URL)).toBe('/%5Cevil.example');
  });
});
