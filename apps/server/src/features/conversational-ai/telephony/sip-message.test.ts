import { describe, expect, it } from 'vitest';
import {
  buildSip,
  contactUri,
  digestAuthorization,
  header,
  parseSip,
  sdpAnswer,
  sdpOffer,
  tagOf,
} from './sip-message';

describe('SIP messages', () => {
  it('parses responses and requests, compact headers included', () => {
    const text = buildSip(
      'SIP/2.0 200 OK',
      [
        ['Via', 'SIP/2.0/UDP 127.0.0.1:5060;branch=z9hG4bK1'],
        ['t', '<sip:+15551230003@127.0.0.1>;tag=abc123'],
        ['Contact', '<sip:sipp@127.0.0.1:5070;transport=UDP>'],
      ],
      'v=0\r\n',
    );
    const m = parseSip(text)!;
    expect(m.status).toBe(200);
    expect(tagOf(header(m, 'to'))).toBe('abc123');
    expect(contactUri(header(m, 'contact'))).toBe('sip:sipp@127.0.0.1:5070;transport=UDP');
    expect(m.body).toBe('v=0\r\n');
    expect(header(m, 'content-length')).toBe('5');
    const bye = parseSip('BYE sip:vocalis@127.0.0.1:40000 SIP/2.0\r\nCSeq: 2 BYE\r\n\r\n')!;
    expect(bye).toMatchObject({ method: 'BYE', uri: 'sip:vocalis@127.0.0.1:40000' });
  });

  it('answers a digest challenge as RFC 2617 computes it', () => {
    // RFC 2617 §3.5's example (qop=auth).
    const value = digestAuthorization(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
      {
        method: 'GET',
        uri: '/dir/index.html',
        username: 'Mufasa',
        password: 'Circle Of Life',
        cnonce: '0a4f113b',
        nc: 1,
      },
    );
    expect(value).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(value).toContain('qop=auth, nc=00000001, cnonce="0a4f113b"');
  });

  it('offers PCMU and reads where the answer wants RTP', () => {
    expect(sdpOffer('127.0.0.1', 40002, '7')).toContain('m=audio 40002 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000');
    expect(sdpAnswer('v=0\r\nc=IN IP4 10.0.0.5\r\nm=audio 6000 RTP/AVP 8 0\r\n')).toEqual({
      ip: '10.0.0.5',
      port: 6000,
      pcmu: true,
    });
    expect(sdpAnswer('v=0\r\nc=IN IP4 10.0.0.5\r\nm=audio 6000 RTP/AVP 8\r\n')!.pcmu).toBe(false);
    expect(sdpAnswer('v=0\r\n')).toBeNull();
  });
});
