import { describe, expect, it } from 'vitest';
import { formatGeoLocation } from '@vocalis/domain/consent';
import { lookupLocation } from './geolocation';

// The offline database shipped in geoip-lite (GeoLite2); public addresses of well-known networks.
describe('lookupLocation', () => {
  it('finds region, country and city of a public address', async () => {
    const chicago = await lookupLocation('73.44.1.1');
    expect(chicago).toEqual({ country: 'US', region: 'IL', city: 'Chicago' });
    expect(formatGeoLocation(chicago)).toBe('US-IL');
  });

  it('reads IPv4-mapped IPv6 addresses', async () => {
    expect((await lookupLocation('::ffff:73.44.1.1'))?.region).toBe('IL');
  });

  it.each([['127.0.0.1'], ['::1'], ['10.1.2.3'], ['192.168.0.10'], ['not an ip'], [''], [null]])(
    'has no location for %j',
    async (ip) => {
      expect(await lookupLocation(ip)).toBeNull();
    },
  );
});
