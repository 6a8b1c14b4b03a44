/**
 * SIPp (Debian's sip-tester package) as the far end of a SIP trunk on loopback: answers one INVITE with 180
 * and 200 OK whose SDP sends our RTP to `mediaPort` (the test's own UDP socket counts and decodes it), takes
 * the ACK, then answers the BYE with 200 OK and exits 0 (with `referTo`, it first takes our REFER: 202, NOTIFY).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const sippInstalled = () => spawnSync('sipp', ['-v']).status !== null;

const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** After the ACK: our REFER (Refer-To checked), 202, a NOTIFY that the transfer succeeded, then our BYE. */
const referred = (referTo: string) => `<recv request="REFER" timeout="120000">
    <action>
      <ereg regexp="${attr(referTo)}" search_in="hdr" header="Refer-To:" check_it="true" assign_to="1"/>
      <ereg regexp=".*" search_in="hdr" header="From:" assign_to="2"/>
      <ereg regexp=".*" search_in="hdr" header="To:" assign_to="3"/>
    </action>
  </recv>
  <send><![CDATA[
SIP/2.0 202 Accepted
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
X-Refer-To: [$1]
Content-Length: 0
]]></send>
  <send retrans="500"><![CDATA[
NOTIFY [next_url] SIP/2.0
Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
From: [$3]
To: [$2]
[last_Call-ID:]
CSeq: 1 NOTIFY
Max-Forwards: 70
Event: refer
Subscription-State: terminated;reason=noresource
Content-Type: message/sipfrag
Content-Length: [len]

SIP/2.0 200 OK
]]></send>
  <recv response="200"/>
  `;

const scenario = (mediaPort: number, referTo?: string) => `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="vocalis test trunk">
  <recv request="INVITE" crlf="true" rrs="true"/>
  <send><![CDATA[
SIP/2.0 180 Ringing
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
[last_CSeq:]
Contact: <sip:sipp@[local_ip]:[local_port];transport=[transport]>
Content-Length: 0
]]></send>
  <send retrans="500"><![CDATA[
SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:];tag=[pid]SIPpTag01[call_number]
[last_Call-ID:]
[last_CSeq:]
Contact: <sip:sipp@[local_ip]:[local_port];transport=[transport]>
Content-Type: application/sdp
Content-Length: [len]

v=0
o=sipp 53655765 2353687637 IN IP4 [local_ip]
s=-
c=IN IP4 127.0.0.1
t=0 0
m=audio ${mediaPort} RTP/AVP 0
a=rtpmap:0 PCMU/8000
]]></send>
  <recv request="ACK" crlf="true"/>
  ${referTo ? referred(referTo) : ''}<recv request="BYE" timeout="120000"/>
  <send><![CDATA[
SIP/2.0 200 OK
[last_Via:]
[last_From:]
[last_To:]
[last_Call-ID:]
[last_CSeq:]
Content-Length: 0
]]></send>
</scenario>
`;

export type SippUas = { process: ChildProcess; exited: Promise<number | null>; log: () => string };

/** With `referTo`, the call must end with our REFER whose Refer-To matches that regular expression. */
export function startSippUas(sipPort: number, mediaPort: number, referTo?: string): SippUas {
  const dir = mkdtempSync(path.join(tmpdir(), 'sipp-'));
  const file = path.join(dir, 'uas.xml');
  writeFileSync(file, scenario(mediaPort, referTo));
  const child = spawn(
    'sipp',
    [
      '-sf',
      file,
      '-i',
      '127.0.0.1',
      '-p',
      String(sipPort),
      '-m',
      '1',
      '-nostdin',
      '-timeout',
      '180s',
      '-trace_err',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
  child.stderr!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, exited, log: () => out };
}
