import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';

export type SamlProviderConfig = {
  providerId: string;
  idpEntityId: string;
  ssoUrl: string;
  certificate: string;
};

/** Our side of one SAML provider: entity id (= metadata URL) and assertion consumer service URL. */
export function spUrls(publicUrl: string, providerId: string) {
  return {
    entityId: `${publicUrl}/api/auth/sso/saml/metadata/${providerId}`,
    acsUrl: `${publicUrl}/api/auth/sso/saml/acs/${providerId}`,
  };
}

/**
 * The SAML 2.0 service provider of a workspace provider (node-saml): HTTP-Redirect AuthnRequests, HTTP-POST
 * responses whose assertion must be signed by the IdP's certificate, addressed to our entity id (audience),
 * issued by the configured IdP, fresh (clock skew 60 s). InResponseTo must be the request id kept in the
 * browser's sign-in state; assertion ids are single-use through the database (decision 162).
 */
export class SamlServiceProvider {
  private readonly saml: SAML;
  constructor(
    private readonly p: SamlProviderConfig,
    publicUrl: string,
    requestId?: string,
  ) {
    const urls = spUrls(publicUrl, p.providerId);
    this.saml = new SAML({
      issuer: urls.entityId,
      callbackUrl: urls.acsUrl,
      entryPoint: p.ssoUrl,
      idpCert: p.certificate,
      idpIssuer: p.idpEntityId,
      audience: urls.entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: 60_000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      // The one request this browser started (kept in its sign-in state) is the only valid InResponseTo.
      validateInResponseTo: requestId ? ValidateInResponseTo.always : ValidateInResponseTo.never,
      cacheProvider: {
        saveAsync: async (key: string, value: string) => ({ value, createdAt: Date.now() }),
        // node-saml reads the value as the request's creation time; the sign-in state itself expires in 10 min.
        getAsync: async (key: string) => (requestId && key === requestId ? new Date().toISOString() : null),
        removeAsync: async (key: string) => key,
      },
      generateUniqueId: () => requestId ?? `_${randomBytes(20).toString('hex')}`,
      disableRequestedAuthnContext: true,
    });
  }

  metadata(): string {
    return this.saml.generateServiceProviderMetadata(null, null);
  }

  /** The IdP's sign-in URL carrying an AuthnRequest with `requestId` and the RelayState. */
  authorizeUrl(relayState: string): Promise<string> {
    return this.saml.getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /**
   * Validates a posted SAMLResponse; the signed assertion's profile, id and expiry. Throws on a bad
   * signature, wrong audience or issuer, an InResponseTo other than this sign-in's request, or an expired
   * assertion.
   */
  async validate(samlResponse: string) {
    const { profile } = await this.saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new Error('no assertion');
    const xml = profile.getAssertionXml?.() ?? '';
    const assertionId = /<(?:\w+:)?Assertion\b[^>]*\sID="([^"]+)"/.exec(xml)?.[1];
    if (!assertionId) throw new Error('the assertion has no ID');
    const notOnOrAfter = /NotOnOrAfter="([^"]+)"/.exec(xml)?.[1];
    // Whether it answers an AuthnRequest: in the signed assertion, or on the (unsigned) Response element.
    const responseXml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const responseTag = /<(?:\w+:)?Response\b[^>]*>/.exec(responseXml)?.[0] ?? '';
    const inResponseTo = /\sInResponseTo="[^"]+"/.test(xml) || /\sInResponseTo="[^"]+"/.test(responseTag);
    return {
      profile,
      assertionId,
      expiresAt: notOnOrAfter ? new Date(notOnOrAfter) : new Date(Date.now() + 3600_000),
      inResponseTo,
      email: samlEmail(profile),
      name: samlName(profile),
    };
  }
}

const EMAIL_ATTRS = ['email', 'mail', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];

function samlEmail(profile: Profile): string | null {
  for (const key of EMAIL_ATTRS) {
    const v = profile[key];
    if (typeof v === 'string' && v.includes('@')) return v.trim().toLowerCase();
  }
  return profile.nameID?.includes('@') ? profile.nameID.trim().toLowerCase() : null;
}

function samlName(profile: Profile): string {
  const v = profile['displayName'] ?? profile['name'];
  return typeof v === 'string' ? v : '';
}
