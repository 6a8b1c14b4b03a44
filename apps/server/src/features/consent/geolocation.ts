import { isIP } from 'node:net';
import type { Location } from '@vocalis/contracts/consent';
import type * as GeoIpLite from 'geoip-lite';

type GeoIp = typeof GeoIpLite;
let geoip: Promise<GeoIp> | undefined;

// geoip-lite reads its database (~100 MB, shipped in the npm package) when first imported: only on the
// first lookup, so servers and tests that never look anything up do not pay for it.
function database(): Promise<GeoIp> {
  geoip ??= import('geoip-lite').then((m) => ((m as { default?: GeoIp }).default ?? m) as GeoIp);
  return geoip;
}

/** An IPv4-mapped IPv6 address ("::ffff:1.2.3.4") as plain IPv4. */
function plainIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * accounts.md §7 "A location lookup returns region, country, city", from the offline GeoLite database in
 * geoip-lite. Loopback, private and unknown addresses have no location (null).
 */
export async function lookupLocation(ip: string | null | undefined): Promise<Location | null> {
  if (!ip) return null;
  const address = plainIp(ip.trim());
  if (!isIP(address)) return null;
  const found = (await database()).lookup(address);
  if (!found?.country) return null;
  return { country: found.country, region: found.region || null, city: found.city || null };
}
