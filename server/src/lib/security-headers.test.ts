import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('security headers worked out once', () => {
  it("are helmet's defaults with our Content-Security-Policy", () => {
    const headers = new Map(
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], formAction: ["'self'", 'https://id.example'] } },
      }),
    );
    expect(headers.get('content-security-policy')).toContain("form-action 'self' https://id.example");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.has('x-powered-by')).toBe(false);
  });
});
