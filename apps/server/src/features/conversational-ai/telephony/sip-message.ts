/**
 * SIP messages over UDP (RFC 3261, decision 227): parsing requests and responses, building them, digest
 * authentication (RFC 2617 / 8760 with MD5) and the SDP offer and answer for G.711 µ-law.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NumberTransferRule } from '../number-transfer';

export type SipMessage = {
  /** "INVITE sip:…" for requests; absent for responses. */
  method?: string;
  uri?: string;
  status?: number;
  reason?: string;
  headers: Map<string, string[]>;
  body: string;
};

const COMPACT: Record<string, string> = {
  v: 'via',
  f: 'from',
  t: 'to',
  i: 'call-id',
  m: 'contact',
  l: 'content-length',
  c: 'content-type',
};

export function parseSip(text: string): SipMessage | null {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [start, ...lines] = head.split('\r\n');
  if (!start) return null;
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    let name = line.slice(0, colon).trim().toLowerCase();
    name = COMPACT[name] ?? name;
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const response = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(start);
  if (response) return { status: Number(response[1]), reason: response[2], headers, body };
  const request = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(start);
  if (request) return { method: request[1], uri: request[2], headers, body };
  return null;
}

export const header = (m: SipMessage, name: string) => m.headers.get(name)?.[0];

export function buildSip(start: string, headers: [string, string][], body = ''): string {
  const lines = [
    start,
    ...headers.map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The tag parameter of a From or To header. */
export const tagOf = (value: string | undefined) => /;\s*tag=([^;>\s]+)/i.exec(value ?? '')?.[1];

/** The URI inside a Contact header (`<sip:…>` or bare). */
export const contactUri = (value: string | undefined) =>
  value ? (/<([^>]+)>/.exec(value)?.[1] ?? value.split(';')[0]!.trim()) : undefined;

export const token = (bytes = 8) => randomBytes(bytes).toString('hex');

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The Authorization value answering a WWW-Authenticate / Proxy-Authenticate digest challenge. */
export function digestAuthorization(
  challenge: string,
  o: { method: string; uri: string; username: string; password: string; cnonce?: string; nc?: number },
): string {
  const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`, 'i').exec(challenge)?.[1];
  const realm = param('realm') ?? '';
  const nonce = param('nonce') ?? '';
  const opaque = param('opaque');
  const qop = param('qop')
    ?.split(/\s*,\s*/)
    .find((q) => q === 'auth');
  const ha1 = md5(`${o.username}:${realm}:${o.password}`);
  const ha2 = md5(`${o.method}:${o.uri}`);
  const nc = (o.nc ?? 1).toString(16).padStart(8, '0');
  const cnonce = o.cnonce ?? token();
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
  const parts = [
    `username="${o.username}"`,
    `realm="${realm}"`,
    `nonce="${nonce}"`,
    `uri="${o.uri}"`,
    `response="${response}"`,
    'algorithm=MD5',
    ...(opaque ? [`opaque="${opaque}"`] : []),
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}

/** Our SDP offer: one audio stream, PCMU (payload 0) at 8 kHz, 20 ms packets. */
export function sdpOffer(ip: string, rtpPort: number, session: string): string {
  return [
    'v=0',
    `o=vocalis ${session} ${session} IN IP4 ${ip}`,
    's=Vocalis',
    `c=IN IP4 ${ip}`,
    't=0 0',
    `m=audio ${rtpPort} RTP/AVP 0`,
    'a=rtpmap:0 PCMU/8000',
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** Where the answer wants our RTP sent, and whether it accepted PCMU. */
export function sdpAnswer(sdp: string): { ip: string; port: number; pcmu: boolean } | null {
  const media = /^m=audio (\d+) RTP\/AVP ([\d ]+)/m.exec(sdp);
  const mediaAt = media ? sdp.indexOf(media[0]) : -1;
  const conns = [...sdp.matchAll(/^c=IN IP4 (\S+)/gm)];
  const conn = conns.filter((c) => c.index > mediaAt).at(0) ?? conns.at(0);
  if (!media || !conn) return null;
  return { ip: conn[1]!, port: Number(media[1]), pcmu: media[2]!.split(' ').includes('0') };
}

/** Parameters of a digest Authorization header (`name="value"` or `name=value`). */
export function digestParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.replace(/^Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]+))/g))
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  return out;
}

/**
 * Checks a digest Authorization (the UAS side of RFC 2617 / 8760 with MD5, qop=auth or none) against the
 * expected user name and password; the caller checks the nonce is one it issued.
 */
export function digestValid(
  authorization: string | undefined,
  o: { method: string; realm: string; username: string; password: string },
): { nonce: string } | null {
  if (!authorization || !/^Digest\s/i.test(authorization)) return null;
  const p = digestParams(authorization);
  if (p.username !== o.username || p.realm !== o.realm || !p.nonce || !p.uri || !p.response) return null;
  const ha1 = md5(`${o.username}:${o.realm}:${o.password}`);
  const ha2 = md5(`${o.method}:${p.uri}`);
  const expected =
    p.qop === 'auth'
      ? md5(`${ha1}:${p.nonce}:${p.nc ?? ''}:${p.cnonce ?? ''}:auth:${ha2}`)
      : md5(`${ha1}:${p.nonce}:${ha2}`);
  return expected === p.response.toLowerCase() ? { nonce: p.nonce } : null;
}

/** The user part of a SIP URI or a From / To header (`"Name" <sip:+1555@host>;tag=…` → `+1555`). */
export const userOf = (value: string | undefined) =>
  /sips?:([^@;>]+)@/.exec(value ?? '')?.[1] ?? /sips?:([^@;>:]+)/.exec(value ?? '')?.[1];

/** Where a REFER sends the caller (transfer_to_number, decision 256): the rule's SIP URI, or the number at the trunk. */
export function referTarget(rule: NumberTransferRule, trunkHost: string): string {
  if (rule.kind === 'sip_uri')
    return /^sips?:/.test(rule.destination) ? rule.destination : `sip:${rule.destination}`;
  return `sip:${rule.destination}@${trunkHost}`;
}
