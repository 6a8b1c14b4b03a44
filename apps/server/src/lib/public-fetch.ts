/**
 * Fetching a URL a user gave (speech to text's cloud_storage_url, and later studio imports, dubbing sources,
 * webhooks) without letting the user reach the server's own network (decision 044). Every connection,
 * including each redirect's, is checked when it is made, against the address the name resolved to, so
 * neither a redirect nor a DNS answer that changes between a check and the fetch gets through: loopback,
 * private (RFC 1918, unique-local), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * "this network", multicast and reserved ranges are refused. An operator whose media lives on the local
 * network sets OUTBOUND_ALLOW_PRIVATE=true.
 */
import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4 = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;

function blockedV4(ip: string): boolean {
  const n = v4(ip);
  return V4_BLOCKED.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (v4(base) & mask) >>> 0;
  });
}

/** Whether an IP address is one a user-given URL must not reach. Anything not an IP address counts as one. */
export function isPrivateAddress(ip: string): boolean {
  const kind = net.isIP(ip);
  if (kind === 4) return blockedV4(ip);
  if (kind !== 6) return true;
  const h = hextets(ip);
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses are their IPv4 address.
  if (h.slice(0, 5).every((x) => x === 0) && (h[5] === 0xffff || h[5] === 0)) {
    if (h[5] === 0 && h[6] === 0 && h[7]! <= 1) return true; // :: and ::1
    return blockedV4(`${h[6]! >> 8}.${h[6]! & 255}.${h[7]! >> 8}.${h[7]! & 255}`);
  }
  return (
    (h[0]! & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (h[0]! & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (h[0]! & 0xff00) === 0xff00 || // ff00::/8 multicast
    (h[0] === 0x2001 && h[1] === 0x0db8) // 2001:db8::/32 documentation
  );
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function hextets(ip: string): number[] {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((x) => parseInt(x, 16)) : []);
  const a = part(head);
  const b = part(tail);
  return tail === undefined ? a : [...a, ...new Array<number>(8 - a.length - b.length).fill(0), ...b];
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing names that resolve to a private address (every address, when all are asked for). */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '');
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const publicOnly = new Agent({ connect: { lookup: checkedLookup as never } });

const MAX_REDIRECTS = 5;

/** A request other than a plain GET: method, headers and a text body. */
export type OutboundRequest = { method: string; headers: Record<string, string>; body?: string };

/**
 * `fetch` for a URL from a user: http(s) only, and (unless `allowPrivate`) never to a private address, at any
 * hop. Redirects are followed here (at most 5), so an address written in a Location is checked like the
 * first one (Node connects to an IP address without looking it up). Refusals throw `PrivateAddressError`
 * (directly, or as the `cause` of fetch's TypeError).
 */
export async function publicFetch(
  url: URL,
  init: { signal?: AbortSignal; allowPrivate: boolean; send?: OutboundRequest },
): Promise<Response> {
  let target = url;
  // A request with a body (webhook deliveries, token requests) is sent once: its redirects are answers.
  const send = init.send && { ...init.send, redirect: 'manual' as const };
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new TypeError('Only http and https URLs.');
    }
    if (init.allowPrivate) return fetch(target, { signal: init.signal, ...send });
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host))
      throw new PrivateAddressError(`${host} is a private address`);
    const res = (await undiciFetch(target, {
      signal: init.signal,
      dispatcher: publicOnly,
      redirect: 'manual',
      ...send,
    })) as unknown as Response;
    if (send) return res;
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) return res;
    await res.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new TypeError('Too many redirects.');
    target = new URL(location, target);
  }
}

/** Whether an error from `publicFetch` is its refusal of a private address. */
export function isPrivateAddressRefusal(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof PrivateAddressError) return true;
  }
  return false;
}
