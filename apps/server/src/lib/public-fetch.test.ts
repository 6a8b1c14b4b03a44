import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, isPrivateAddressRefusal, publicFetch } from './public-fetch';

describe('addresses a user-given URL must not reach (decision 044)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.0.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:808:808', false],
    ['2001:db8::1', true],
    ['2606:4700::1111', false],
    ['not-an-ip', true],
  ])('%s -> %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('fetching a user-given URL', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_, res) => res.end('inside'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses loopback by address and by a name that resolves to it', async () => {
    for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`]) {
      const err = await publicFetch(new URL(url), { allowPrivate: false }).catch((e: unknown) => e);
      expect(isPrivateAddressRefusal(err), url).toBe(true);
    }
  });

  it('fetches it when the operator allows private addresses', async () => {
    const res = await publicFetch(new URL(`http://localhost:${port}/`), { allowPrivate: true });
    expect(await res.text()).toBe('inside');
  });

  it('refuses other schemes', async () => {
    await expect(publicFetch(new URL('file:///etc/passwd'), { allowPrivate: true })).rejects.toThrow(
      /http and https/,
    );
  });
});
