import { Resolver } from 'node:dns/promises';

/** Looks up TXT records; the servers come from DNS_SERVERS (host or host:port), else the system's. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/**
 * A real resolver (node:dns) with its own server list, so an installation (or a test) can point domain
 * verification at a particular DNS server. A name without records answers an empty list; other failures
 * (timeouts, refused) are thrown.
 */
export function txtLookup(servers: string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw err;
    }
  };
}
