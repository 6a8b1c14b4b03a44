import { describe, expect, it } from 'vitest';
import { ipLimitKey } from './ip-limit-key';

describe('ipLimitKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b:1:2::192.0.2.1', '64:ff9b:1:2::/64'],
    ['not-an-address', 'not-an-address'],
  ])('counts %s as %s', (ip, key) => {
    expect(ipLimitKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key and a neighbouring /64 another', () => {
    expect(ipLimitKey('2001:db8:a:b::1')).toBe(ipLimitKey('2001:db8:a:b:dead:beef:0:1'));
    expect(ipLimitKey('2001:db8:a:c::1')).not.toBe(ipLimitKey('2001:db8:a:b::1'));
  });
});
