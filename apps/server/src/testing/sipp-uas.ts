/**
 * SIPp (Debian's sip-tester package) as the far end of a SIP trunk on loopback: answers one INVITE with 180
 * and 200 OK whose SDP sends our RTP to `mediaPort` (the test's own UDP socket counts and decodes it), takes
 * the ACK, then answers the BYE with 200 OK and exits 0.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const sippInstalled = () => spawnSync('sipp', ['-v']).status !== null;

const scenario = (mediaPort: number) => `<?xml version="1.0" encoding="ISO-8859-1" ?>
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
  <recv request="BYE" timeout="120000"/>
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

export function startSippUas(sipPort: number, mediaPort: number): SippUas {
  const dir = mkdtempSync(path.join(tmpdir(), 'sipp-'));
  const file = path.join(dir, 'uas.xml');
  writeFileSync(file, scenario(mediaPort));
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
