import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js';
import { generate } from 'selfsigned';

/**
 * A SAML 2.0 identity provider on 127.0.0.1 for tests: its signing key and certificate are made at start
 * (selfsigned), AuthnRequests arrive by HTTP-Redirect at `/sso`, the sign-in page asks for an e-mail address
 * and answers with an auto-submitting HTTP-POST form carrying a Response whose Assertion is signed
 * (node-saml's XML signing, RSA-SHA256). `response()` builds such a Response directly, with knobs for the
 * refusal tests (another key, another audience). Run alone: `node --import tsx saml-idp-stand-in.ts <port>`.
 */
export type SamlIdpStandIn = {
  entityId: string;
  ssoUrl: string;
  certificate: string;
  /** A signed Response for `email`, to `acsUrl` for `audience`, answering `inResponseTo` (none: unsolicited). */
  response(opts: {
    email: string;
    acsUrl: string;
    audience: string;
    inResponseTo?: string;
    signWith?: { key: string; cert: string };
    assertionId?: string;
  }): string;
  /** A second key pair the provider's configuration does not know (for the bad-signature test). */
  otherKey(): Promise<{ key: string; cert: string }>;
  close(): Promise<void>;
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ASSERTION_XPATH = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

async function keyPair() {
  const pems = await generate([{ name: 'commonName', value: 'saml-idp-stand-in' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { key: pems.private, cert: pems.cert };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startSamlIdpStandIn(opts: { port?: number } = {}): Promise<SamlIdpStandIn> {
  const signing = await keyPair();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;

  const response: SamlIdpStandIn['response'] = (o) => {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const id = `_${randomBytes(16).toString('hex')}`;
    const answering = o.inResponseTo === undefined ? '' : ` InResponseTo="${escapeXml(o.inResponseTo)}"`;
    const assertionId = o.assertionId ?? `_${randomBytes(16).toString('hex')}`;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escapeXml(o.acsUrl)}"${answering}>` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${escapeXml(entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(o.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${later.toISOString()}" Recipient="${escapeXml(o.acsUrl)}"${answering}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${now.toISOString()}" NotOnOrAfter="${later.toISOString()}"><saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(o.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
      `</saml:Assertion></samlp:Response>`;
    const by = o.signWith ?? signing;
    const signed = signSamlPost(xml, ASSERTION_XPATH, {
      privateKey: by.key,
      publicCert: by.cert,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    return Buffer.from(signed).toString('base64');
  };

  /** The pending AuthnRequests by the id of the sign-in page showing them. */
  const pages = new Map<
    string,
    { requestId: string; acsUrl: string; audience: string; relayState: string }
  >();

  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/sso') {
      const raw = url.searchParams.get('SAMLRequest');
      if (!raw) return void res.writeHead(400).end('SAMLRequest required');
      const request = inflateRawSync(Buffer.from(raw, 'base64')).toString('utf8');
      const requestId = /\sID="([^"]+)"/.exec(request)?.[1] ?? '';
      const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? '';
      const audience = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(request)?.[1] ?? '';
      const page = randomBytes(12).toString('hex');
      pages.set(page, { requestId, acsUrl, audience, relayState: url.searchParams.get('RelayState') ?? '' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Acme SAML sign-in</title></head>
<body style="font-family:sans-serif;max-width:24rem;margin:4rem auto"><h1>Acme SAML sign-in</h1>
<form method="post" action="/sso/${page}"><label>Email <input name="email" type="email" required autofocus></label><br><br>
<button type="submit">Continue</button></form></body></html>`);
    }
    const match = /^\/sso\/([0-9a-f]+)$/.exec(url.pathname);
    if (req.method === 'POST' && match) {
      const pending = pages.get(match[1]!);
      const email = (await readForm(req)).get('email')?.trim().toLowerCase();
      if (!pending || !email) return void res.writeHead(400).end('unknown sign-in');
      pages.delete(match[1]!);
      const saml = response({
        email,
        acsUrl: pending.acsUrl,
        audience: pending.audience,
        inResponseTo: pending.requestId,
      });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html><html><body onload="document.forms[0].submit()">
<form method="post" action="${escapeXml(pending.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${saml}"/><input type="hidden" name="RelayState" value="${escapeXml(pending.relayState)}"/><noscript><button type="submit">Continue</button></noscript></form></body></html>`);
    }
    res.writeHead(404).end();
  });

  return {
    entityId,
    ssoUrl: `${origin}/sso`,
    certificate: signing.cert,
    response,
    otherKey: keyPair,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const idp = await startSamlIdpStandIn({ port: Number(process.argv[2]) });
  console.log(`SAML IdP stand-in at ${idp.ssoUrl}`);
}
