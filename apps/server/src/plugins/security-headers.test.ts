import { describe, expect, it } from 'vitest';
import { securityHeaderSet } from './security-headers';

describe('securityHeaderSet', () => {
  it('is the header set helmet’s middleware writes for the options', () => {
    const headers = securityHeaderSet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-x'"] } },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-x'");
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
