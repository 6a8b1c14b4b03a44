import { createSocket, type Socket } from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 (UDP, node:dgram) for tests: it answers TXT questions from
 * `records` (name → strings) and NXDOMAIN for anything else, so domain verification runs through node:dns's
 * real resolver (DNS_SERVERS=127.0.0.1:<port>).
 */
export type DnsStandIn = {
  server: string;
  records: Map<string, string[]>;
  queries: string[];
  close(): Promise<void>;
};

const TYPE_TXT = 16;

function readName(msg: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), next: i + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>, log: string[]): Buffer {
  const { name, next } = readName(query, 12);
  const qtype = query.readUInt16BE(next);
  const question = query.subarray(12, next + 4);
  log.push(name);
  const values = qtype === TYPE_TXT ? records.get(name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  // QR=1, opcode 0, AA=1, RD copied; RCODE 0 or 3 (NXDOMAIN)
  header[2] = 0x84 | (query[2]! & 0x01);
  header[3] = values ? 0x00 : records.has(name) ? 0x00 : 0x03;
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values ? values.length : 0, 6);
  const answers = (values ?? []).map((value) => {
    // One TXT record; its text split into 255-byte character strings, as real servers do.
    const bytes = Buffer.from(value, 'utf8');
    const chunks: Buffer[] = [];
    for (let o = 0; o < bytes.length; o += 255) {
      const part = bytes.subarray(o, o + 255);
      chunks.push(Buffer.concat([Buffer.from([part.length]), part]));
    }
    const rdata = Buffer.concat(chunks);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startDnsStandIn(opts: { port?: number } = {}): Promise<DnsStandIn> {
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    try {
      socket.send(answer(msg, records, queries), rinfo.port, rinfo.address);
    } catch {
      // a malformed question gets no answer
    }
  });
  await new Promise<void>((resolve) => socket.bind(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    records,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
