import type { DomainVerification, IdentityProvider } from '@vocalis/contracts/sso';
import { txtRecordName, txtRecordValue } from '@vocalis/domain/workspace/sso-rules';
import { spUrls } from './saml-sp';
import type { DomainRow, ProviderRow } from './sso.repo';

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** An identity provider as the API answers it: no secrets, and what the IdP must be told about us. */
export function presentProvider(row: ProviderRow, publicUrl: string): IdentityProvider {
  const saml = row.type === 'saml' ? spUrls(publicUrl, row.id) : null;
  return {
    provider_id: row.id,
    type: row.type,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: Boolean(row.clientSecretSealed),
    identity_provider_entity_id: row.identityProviderEntityId,
    sso_url: row.ssoUrl,
    has_certificate: Boolean(row.certificate),
    redirect_uri: row.type === 'oidc' ? `${publicUrl}/api/auth/sso/oidc/callback` : null,
    sp_entity_id: saml?.entityId ?? null,
    acs_url: saml?.acsUrl ?? null,
    metadata_url: saml?.entityId ?? null,
    domains: row.domains,
    enabled: row.enabled,
    idp_initiated_enabled: row.type === 'saml' && row.idpInitiatedEnabled,
    created_at_unix: unix(row.createdAt)!,
  };
}

/** A claimed domain and the TXT record that proves it. */
export function presentDomain(row: DomainRow): DomainVerification {
  return {
    domain_id: row.id,
    domain: row.domain,
    txt_record_name: txtRecordName(row.domain),
    txt_record_value: txtRecordValue(row.token),
    verified: Boolean(row.verifiedAt),
    verified_at_unix: unix(row.verifiedAt),
    last_checked_at_unix: unix(row.lastCheckedAt),
  };
}
