/**
 * Which of a workspace's identity providers signs in an address of a verified domain (decision 265).
 * A provider names the domains it serves, or none (then it is the workspace's default for any verified
 * domain no enabled provider names). Disabled providers serve nothing. Among several candidates the oldest
 * wins, so the answer is stable while providers are added.
 */
export type RoutableProvider = {
  id: string;
  enabled: boolean;
  domains: string[];
  createdAt: Date;
};

const byAge = <P extends RoutableProvider>(a: P, b: P) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/** Whether `p` may sign in addresses of `domain`, given all providers of its workspace. */
export function providerServes<P extends RoutableProvider>(p: P, domain: string, all: P[]): boolean {
  if (!p.enabled) return false;
  if (p.domains.length) return p.domains.includes(domain);
  return !all.some((o) => o.enabled && o.domains.includes(domain));
}

/** The provider an address of `domain` is sent to, or undefined when none serves it. */
export function pickProvider<P extends RoutableProvider>(all: P[], domain: string): P | undefined {
  return all.filter((p) => providerServes(p, domain, all)).sort(byAge)[0];
}
