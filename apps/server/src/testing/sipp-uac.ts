/**
 * SIPp (Debian's sip-tester package) as a SIP trunk calling the server on loopback (decision 255): INVITE
 * to `service` with an SDP offer that sends the server's RTP to `mediaPort` (the test's UDP socket), the
 * digest challenge answered with `credentials` when given, ACK for the 200 OK; then it waits for an INFO
 * (the test sends it with `hangUp` when it has heard the agent), answers it and sends BYE, exiting 0 when
 * the BYE is answered. With `referTo`, it instead expects the server's REFER (checking Refer-To), answers 202,
 * notifies the transfer's success and expects the server's BYE.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const CALLER = '+15559998888';

const invite = (cseq: number, mediaPort: number, auth: string) => `
INVITE sip:[service]@[remote_ip]:[remote_port] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:${CALLER}@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
To: <sip:[service]@[remote_ip]:[remote_port]>
Call-ID: [call_id]
CSeq: ${cseq} INVITE
Contact: <sip:${CALLER}@[local_ip]:[local_port]>
Max-Forwards: 70
${auth}Content-Type: application/sdp
Content-Length: [len]

v=0
o=sipp 53655765 2353687637 IN IP4 [local_ip]
s=-
c=IN IP4 127.0.0.1
t=0 0
m=audio ${mediaPort} RTP/AVP 0
a=rtpmap:0 PCMU/8000
`;

const request = (method: string, cseq: number, uri = '[next_url]', extra = '', body = '') => `
${method} ${uri} SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: <sip:${CALLER}@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
To: <sip:[service]@[remote_ip]:[remote_port]>[peer_tag_param]
Call-ID: [call_id]
CSeq: ${cseq} ${method}
Max-Forwards: 70
${extra}Content-Length: ${body ? '[len]' : '0'}
${body ? `\n${body}\n` : ''}`;

const ok = (status = '200 OK', extra = '') => `
SIP/2.0 ${status}
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
${extra}Content-Length: 0
`;

/** After the answer: wait for the test's INFO and hang up, or take the server's REFER (202, NOTIFY) and its BYE. */
function afterAnswer(referTo?: string): string {
  if (!referTo)
    return `<recv request="INFO" timeout="120000"/>
  <send>${cdata(ok())}</send>
  <send retrans="500">${cdata(request('BYE', 3))}</send>
  <recv response="200"/>`;
  const notify = request(
    'NOTIFY',
    3,
    '[next_url]',
    'Event: refer\nSubscription-State: terminated;reason=noresource\nContent-Type: message/sipfrag\n',
    'SIP/2.0 200 OK',
  );
  return `<recv request="REFER" timeout="120000">
    <action>
      <ereg regexp="${attr(referTo)}" search_in="hdr" header="Refer-To:" check_it="true" assign_to="1"/>
    </action>
  </recv>
  <send>${cdata(ok('202 Accepted', 'X-Refer-To: [$1]\n'))}</send>
  <send retrans="500">${cdata(notify)}</send>
  <recv response="200"/>
  <recv request="BYE" timeout="60000"/>
  <send>${cdata(ok())}</send>`;
}

const cdata = (s: string) => `<![CDATA[${s}]]>`;
const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function scenario(
  mediaPort: number,
  credentials?: { username: string; password: string },
  referTo?: string,
): string {
  const challenged = credentials
    ? `<send>${cdata(invite(1, mediaPort, ''))}</send>
  <recv response="100" optional="true"/>
  <recv response="401" auth="true"/>
  <send>${cdata(request('ACK', 1, 'sip:[service]@[remote_ip]:[remote_port]'))}</send>
  <send retrans="500">${cdata(invite(2, mediaPort, `[authentication username=${credentials.username} password=${credentials.password}]\n`))}</send>`
    : `<send retrans="500">${cdata(invite(2, mediaPort, ''))}</send>`;
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="vocalis test caller">
  ${challenged}
  <recv response="100" optional="true"/>
  <recv response="200" rrs="true"/>
  <send>${cdata(request('ACK', 2))}</send>
  ${afterAnswer(referTo)}
</scenario>
`;
}

export type SippUac = { process: ChildProcess; exited: Promise<number | null>; log: () => string };

/** Calls `service` (the number dialled) at the server's SIP port from `sippPort`. */
export function startSippUac(o: {
  serverPort: number;
  sippPort: number;
  mediaPort: number;
  service: string;
  credentials?: { username: string; password: string };
  /** The call ends with the server's REFER, whose Refer-To must match this regular expression. */
  referTo?: string;
}): SippUac {
  const dir = mkdtempSync(path.join(tmpdir(), 'sipp-uac-'));
  const file = path.join(dir, 'uac.xml');
  writeFileSync(file, scenario(o.mediaPort, o.credentials, o.referTo));
  const args = ['-sf', file, '-i', '127.0.0.1', '-p', String(o.sippPort), '-s', o.service];
  const child = spawn(
    'sipp',
    [`127.0.0.1:${o.serverPort}`, ...args, '-m', '1', '-nostdin', '-timeout', '180s', '-trace_err'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
  child.stderr!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, exited, log: () => out };
}

/** The callee's side hangs up: an INFO in SIPp's call (by its Call-ID) makes the scenario send BYE. */
export async function hangUp(sippPort: number, callId: string): Promise<void> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  const text = [
    `INFO sip:caller@127.0.0.1:${sippPort} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bKtest${Date.now()}`,
    'From: <sip:test@127.0.0.1>;tag=test',
    `To: <sip:${CALLER}@127.0.0.1>`,
    `Call-ID: ${callId}`,
    'CSeq: 1 INFO',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
  await new Promise<void>((resolve) => socket.send(text, sippPort, '127.0.0.1', () => resolve()));
  socket.close();
}
