import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { workspaces } from './workspaces';

/**
 * A workspace's single sign-on identity provider (issue 11, decision 160): OIDC (issuer, client id, the
 * client secret sealed with the server's SecretBox) or SAML 2.0 (the IdP's entity id, sign-in URL and
 * signing certificate). Sign-ins reach it only for addresses in the workspace's verified domains.
 */
export const workspaceIdentityProviders = pgTable(
  'workspace_identity_providers',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['oidc', 'saml'] }).notNull(),
    name: text('name').notNull(),
    /** OIDC */
    issuer: text('issuer'),
    clientId: text('client_id'),
    clientSecretSealed: text('client_secret_sealed'),
    /** SAML */
    identityProviderEntityId: text('identity_provider_entity_id'),
    ssoUrl: text('sso_url'),
    certificate: text('certificate'),
    /** SAML: accept an unsolicited (IdP-initiated) response at the ACS (decision 267); off by default. */
    idpInitiatedEnabled: boolean('idp_initiated_enabled').notNull().default(false),
    /**
     * The verified domains this provider signs in (decision 265); empty: every verified domain of the
     * workspace that no other enabled provider names.
     */
    domains: jsonb('domains').$type<string[]>().notNull().default([]),
    /** A disabled provider is kept with its settings but neither found nor used for sign-in. */
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_identity_providers_workspace_idx').on(t.workspaceId)],
);

/**
 * A domain a workspace claims (decision 161): verified once a DNS TXT record holds the token. A domain is
 * verified for at most one workspace at a time.
 */
export const workspaceDomains = pgTable(
  'workspace_domains',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased, no trailing dot. */
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_domains_workspace_domain_idx').on(t.workspaceId, t.domain),
    uniqueIndex('workspace_domains_verified_domain_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/** SAML assertion ids already used (decision 162): a replayed assertion is refused until it expires. */
export const samlAssertionReplays = pgTable(
  'saml_assertion_replays',
  {
    assertionId: text('assertion_id').primaryKey(),
    providerId: text('provider_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saml_assertion_replays_expires_idx').on(t.expiresAt)],
);
