import { describe, expect, it } from 'vitest';
import { pickProvider, providerServes } from './sso-provider-routing';

const at = (n: number) => new Date(2026, 0, n);
const okta = { id: 'okta', enabled: true, domains: ['acme.com'], createdAt: at(2) };
const entra = { id: 'entra', enabled: true, domains: ['acme.co.uk'], createdAt: at(3) };
const fallback = { id: 'default', enabled: true, domains: [], createdAt: at(1) };

describe('routing an address to one of several identity providers', () => {
  it('sends each domain to the provider that names it, ahead of an older default', () => {
    const all = [fallback, okta, entra];
    expect(pickProvider(all, 'acme.com')?.id).toBe('okta');
    expect(pickProvider(all, 'acme.co.uk')?.id).toBe('entra');
    expect(pickProvider(all, 'acme.de')?.id).toBe('default');
  });

  it('uses no provider for a domain nobody names when there is no default', () => {
    expect(pickProvider([okta, entra], 'acme.de')).toBeUndefined();
  });

  it('never uses a disabled provider; its domains fall back to the default', () => {
    const off = { ...okta, enabled: false };
    expect(pickProvider([off, entra], 'acme.com')).toBeUndefined();
    expect(pickProvider([fallback, off, entra], 'acme.com')?.id).toBe('default');
    expect(providerServes(off, 'acme.com', [off])).toBe(false);
  });

  it('a default does not speak for a domain another enabled provider names', () => {
    expect(providerServes(fallback, 'acme.com', [fallback, okta])).toBe(false);
    expect(providerServes(fallback, 'acme.de', [fallback, okta])).toBe(true);
    expect(providerServes(okta, 'acme.co.uk', [fallback, okta, entra])).toBe(false);
  });

  it('of two providers naming the same domain the oldest wins', () => {
    const second = { ...okta, id: 'okta-2', createdAt: at(9) };
    expect(pickProvider([second, okta], 'acme.com')?.id).toBe('okta');
  });
});
