import { z } from 'zod';

/**
 * Single sign-on of a workspace (accounts.md §7 "find-sso-provider (email, invite_code); identity-providers";
 * content-and-workspace.md §3: "SAML has identity_provider_entity_id; OIDC has client_id"; decisions 160-162).
 */
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const identityProvider = z
  .object({
    provider_id: z.string(),
    type: z.enum(['oidc', 'saml']),
    name: z.string(),
    /** OIDC */
    issuer: z.string().nullable(),
    client_id: z.string().nullable(),
    has_client_secret: z.boolean(),
    /** SAML */
    identity_provider_entity_id: z.string().nullable(),
    sso_url: z.string().nullable(),
    has_certificate: z.boolean(),
    /** What the identity provider is told about us. */
    redirect_uri: z.string().nullable(),
    sp_entity_id: z.string().nullable(),
    acs_url: z.string().nullable(),
    metadata_url: z.string().nullable(),
    /** The verified domains it signs in; empty: the workspace's default for domains no provider names. */
    domains: z.array(z.string()),
    /** A disabled provider is neither found nor used for sign-in. */
    enabled: z.boolean(),
    /** SAML: unsolicited (IdP-initiated) responses are accepted (decision 267). */
    idp_initiated_enabled: z.boolean(),
    created_at_unix: z.number().int(),
  })
  .meta({ id: 'WorkspaceIdentityProvider' });
export const identityProvidersResponse = z
  .object({ identity_providers: z.array(identityProvider) })
  .meta({ id: 'WorkspaceIdentityProviders' });

const name = z.string().trim().min(1).max(100);
const pem = z.string().trim().min(1).max(20000);
const routing = {
  domains: z.array(z.string().trim().min(3).max(253)).max(50).optional(),
  enabled: z.boolean().optional(),
};
export const createIdentityProviderBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('oidc'),
    name: name.optional(),
    issuer: httpUrl,
    client_id: z.string().trim().min(1).max(500),
    client_secret: z.string().min(1).max(2000),
    ...routing,
  }),
  z.object({
    type: z.literal('saml'),
    name: name.optional(),
    identity_provider_entity_id: z.string().trim().min(1).max(2000),
    sso_url: httpUrl,
    certificate: pem,
    idp_initiated_enabled: z.boolean().optional(),
    ...routing,
  }),
]);
export const updateIdentityProviderBody = z.object({
  name: name.optional(),
  issuer: httpUrl.optional(),
  client_id: z.string().trim().min(1).max(500).optional(),
  client_secret: z.string().min(1).max(2000).optional(),
  identity_provider_entity_id: z.string().trim().min(1).max(2000).optional(),
  sso_url: httpUrl.optional(),
  certificate: pem.optional(),
  idp_initiated_enabled: z.boolean().optional(),
  ...routing,
});

export const domainVerification = z
  .object({
    domain_id: z.string(),
    domain: z.string(),
    /** The TXT record to publish: name and value. */
    txt_record_name: z.string(),
    txt_record_value: z.string(),
    verified: z.boolean(),
    verified_at_unix: z.number().int().nullable(),
    last_checked_at_unix: z.number().int().nullable(),
  })
  .meta({ id: 'WorkspaceDomainVerification' });
export const domainVerificationsResponse = z
  .object({ domains: z.array(domainVerification) })
  .meta({ id: 'WorkspaceDomainVerifications' });
export const addDomainBody = z.object({ domain: z.string().trim().min(3).max(253) });

export const userAutoProvisioning = z
  .object({
    enabled: z.boolean(),
    enabled_at_unix: z.number().int().nullable(),
    enabled_by_user_email: z.string().nullable(),
  })
  .meta({ id: 'WorkspaceUserAutoProvisioning' });
export const updateAutoProvisioningBody = z.object({ enabled: z.boolean() });

export const findSsoProviderQuery = z.object({
  email: z.string().trim().max(320).optional(),
  invite_code: z.string().trim().max(200).optional(),
});
/** Which provider signs this address in; sso_required when the workspace forbids email/password. */
export const findSsoProviderResponse = z
  .object({
    provider_id: z.string().nullable(),
    type: z.enum(['oidc', 'saml']).nullable(),
    workspace_name: z.string().nullable(),
    sso_required: z.boolean(),
    sign_in_url: z.string().nullable(),
  })
  .meta({ id: 'FindSsoProviderResponse' });

export type IdentityProvider = z.infer<typeof identityProvider>;
export type DomainVerification = z.infer<typeof domainVerification>;
export type UserAutoProvisioningSettings = z.infer<typeof userAutoProvisioning>;
export type FindSsoProviderResponse = z.infer<typeof findSsoProviderResponse>;
