import { randomBytes } from 'node:crypto';
import type {
  DomainVerification,
  FindSsoProviderResponse,
  IdentityProvider,
  UserAutoProvisioningSettings,
} from '@vocalis/contracts/sso';
import type { z } from 'zod';
import type { createIdentityProviderBody, updateIdentityProviderBody } from '@vocalis/contracts/sso';
import {
  normalizeDomain,
  SSO_MESSAGES,
  txtRecordName,
  txtRecordsProve,
} from '@vocalis/domain/workspace/sso-rules';
import type { AppDb } from '../../db/client';
import type { workspaceIdentityProviders } from '../../db/schema/sso';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { AuditOrigin } from '../workspace/audit';
import { requireAction, type WorkspaceCaller } from '../workspace/workspace-access';
import * as workspaceRepo from '../workspace/workspace.repo';
import type { TxtLookup } from './dns-txt';
import type { OidcClient } from './oidc-client';
import { checkedDomains, findSsoProvider } from './provider-routing';
import { auditedChange, auditSso } from './sso-audit';
import { presentDomain, presentProvider } from './sso.presenter';
import * as repo from './sso.repo';

type CreateBody = z.infer<typeof createIdentityProviderBody>;
type UpdateBody = z.infer<typeof updateIdentityProviderBody>;

/**
 * A workspace's single sign-on administration (decisions 160-161): identity providers (secrets sealed),
 * claimed domains proven by DNS TXT records, user auto-provisioning; and find-sso-provider for the sign-in
 * page. Members read; only admins change, and every change is audited.
 */
export class SsoAdminService {
  constructor(
    private readonly db: AppDb,
    private readonly deps: { publicUrl: string; box: SecretBox; oidc: OidcClient; txt: TxtLookup },
  ) {}

  present(row: repo.ProviderRow): IdentityProvider {
    return presentProvider(row, this.deps.publicUrl);
  }

  async listProviders(caller: WorkspaceCaller): Promise<IdentityProvider[]> {
    requireAction(caller, 'read');
    return (await repo.listProviders(this.db, caller.workspaceId)).map((r) => this.present(r));
  }

  /** An OIDC issuer is checked by reading its discovery document before it is saved. */
  private async checkIssuer(issuer: string) {
    try {
      await this.deps.oidc.discover(issuer);
    } catch {
      throw new AppError(
        422,
        'invalid_issuer',
        "The issuer's OpenID configuration (/.well-known/openid-configuration) could not be read.",
      );
    }
  }

  private checkCertificate(pem: string) {
    const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    if (!/^[A-Za-z0-9+/=]{100,}$/.test(body)) {
      throw new AppError(
        422,
        'invalid_certificate',
        'The certificate must be a PEM or base64 X.509 certificate.',
      );
    }
  }

  async createProvider(caller: WorkspaceCaller, body: CreateBody, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const id = newId();
    const now = new Date();
    const domains = await checkedDomains(this.db, caller.workspaceId, body.domains ?? []);
    const enabled = body.enabled ?? true;
    let row: typeof workspaceIdentityProviders.$inferInsert;
    if (body.type === 'oidc') {
      await this.checkIssuer(body.issuer);
      row = {
        id,
        workspaceId: caller.workspaceId,
        type: 'oidc',
        name: body.name ?? new URL(body.issuer).host,
        issuer: body.issuer.replace(/\/$/, ''),
        clientId: body.client_id,
        clientSecretSealed: this.deps.box.seal(body.client_secret),
        domains,
        enabled,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      };
    } else {
      this.checkCertificate(body.certificate);
      row = {
        id,
        workspaceId: caller.workspaceId,
        type: 'saml',
        name: body.name ?? body.identity_provider_entity_id,
        identityProviderEntityId: body.identity_provider_entity_id,
        ssoUrl: body.sso_url,
        certificate: body.certificate.trim(),
        idpInitiatedEnabled: body.idp_initiated_enabled ?? false,
        domains,
        enabled,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      };
    }
    await auditedChange(
      this.db,
      caller,
      origin,
      'identity_provider_created',
      `Identity provider ${row.name} (${row.type}) added.`,
      { provider_id: id, type: row.type },
      (tx) => repo.insertProvider(tx, row),
    );
    return this.present((await repo.findProvider(this.db, caller.workspaceId, id))!);
  }

  async updateProvider(caller: WorkspaceCaller, id: string, body: UpdateBody, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const row = await repo.findProvider(this.db, caller.workspaceId, id);
    if (!row) throw notFound(SSO_MESSAGES.providerNotFound, 'identity_provider_not_found');
    const set: Parameters<typeof repo.updateProvider>[3] = { updatedAt: new Date() };
    if (body.name !== undefined) set.name = body.name;
    if (body.enabled !== undefined) set.enabled = body.enabled;
    if (body.domains !== undefined)
      set.domains = await checkedDomains(this.db, caller.workspaceId, body.domains);
    if (row.type === 'oidc') {
      if (body.issuer !== undefined) {
        await this.checkIssuer(body.issuer);
        set.issuer = body.issuer.replace(/\/$/, '');
      }
      if (body.client_id !== undefined) set.clientId = body.client_id;
      if (body.client_secret !== undefined) set.clientSecretSealed = this.deps.box.seal(body.client_secret);
    } else {
      if (body.identity_provider_entity_id !== undefined)
        set.identityProviderEntityId = body.identity_provider_entity_id;
      if (body.sso_url !== undefined) set.ssoUrl = body.sso_url;
      if (body.certificate !== undefined) {
        this.checkCertificate(body.certificate);
        set.certificate = body.certificate.trim();
      }
      if (body.idp_initiated_enabled !== undefined) set.idpInitiatedEnabled = body.idp_initiated_enabled;
    }
    const fields = Object.keys(body).filter((k) => k !== 'client_secret' && k !== 'certificate');
    await auditedChange(
      this.db,
      caller,
      origin,
      'identity_provider_updated',
      `Identity provider ${row.name} changed: ${Object.keys(body).join(', ') || 'nothing'}.`,
      {
        provider_id: id,
        fields,
        secret_changed: body.client_secret !== undefined,
        certificate_changed: body.certificate !== undefined,
      },
      (tx) => repo.updateProvider(tx, caller.workspaceId, id, set),
    );
    return this.present((await repo.findProvider(this.db, caller.workspaceId, id))!);
  }

  async deleteProvider(caller: WorkspaceCaller, id: string, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const row = await repo.findProvider(this.db, caller.workspaceId, id);
    if (!row) throw notFound(SSO_MESSAGES.providerNotFound, 'identity_provider_not_found');
    await auditedChange(
      this.db,
      caller,
      origin,
      'identity_provider_deleted',
      `Identity provider ${row.name} removed.`,
      { provider_id: id },
      (tx) => repo.deleteProvider(tx, caller.workspaceId, id),
    );
  }

  async listDomains(caller: WorkspaceCaller): Promise<DomainVerification[]> {
    requireAction(caller, 'administer');
    return (await repo.listDomains(this.db, caller.workspaceId)).map((r) => presentDomain(r));
  }

  async addDomain(caller: WorkspaceCaller, input: string, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const domain = normalizeDomain(input);
    if (!domain) throw new AppError(422, 'invalid_domain', SSO_MESSAGES.domainInvalid);
    const row = {
      id: newId(),
      workspaceId: caller.workspaceId,
      domain,
      token: randomBytes(18).toString('base64url'),
    };
    let added = false;
    await auditedChange(
      this.db,
      caller,
      origin,
      'domain_added',
      `Domain ${domain} claimed.`,
      { domain },
      async (tx) => {
        added = await repo.insertDomain(tx, row);
        if (!added) throw conflict(SSO_MESSAGES.domainExists, 'domain_exists');
      },
    );
    return presentDomain((await repo.findDomain(this.db, caller.workspaceId, row.id))!);
  }

  /** Looks the TXT record up with the configured resolver; verified when it holds the token. */
  async verifyDomain(caller: WorkspaceCaller, id: string, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const row = await repo.findDomain(this.db, caller.workspaceId, id);
    if (!row) throw notFound('This domain does not exist.', 'domain_not_found');
    if (row.verifiedAt) return presentDomain(row);
    const now = new Date();
    let records: string[][];
    try {
      records = await this.deps.txt(txtRecordName(row.domain));
    } catch {
      records = [];
    }
    if (!txtRecordsProve(records, row.token)) {
      await repo.markDomainChecked(this.db, row.id, now);
      throw badRequest(SSO_MESSAGES.txtNotFound(txtRecordName(row.domain)), 'domain_txt_record_not_found');
    }
    if (!(await repo.markDomainVerified(this.db, row.id, now))) {
      throw conflict(SSO_MESSAGES.domainTaken, 'domain_taken');
    }
    await auditSso(this.db, this.db, caller, origin, 'domain_verified', `Domain ${row.domain} verified.`, {
      domain: row.domain,
    });
    return presentDomain((await repo.findDomain(this.db, caller.workspaceId, id))!);
  }

  async deleteDomain(caller: WorkspaceCaller, id: string, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const email = (await workspaceRepo.userEmail(this.db, caller.userId))?.email ?? null;
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      const row = await repo.deleteDomain(tx, caller.workspaceId, id);
      if (!row) throw notFound('This domain does not exist.', 'domain_not_found');
      await auditSso(
        this.db,
        tx,
        caller,
        origin,
        'domain_removed',
        `Domain ${row.domain} removed.`,
        { domain: row.domain },
        email,
      );
    });
  }

  async autoProvisioning(caller: WorkspaceCaller): Promise<UserAutoProvisioningSettings> {
    requireAction(caller, 'read');
    const ws = await workspaceRepo.findWorkspace(this.db, caller.workspaceId);
    if (!ws) throw notFound('Workspace not found.', 'workspace_not_found');
    return ws.userAutoProvisioning;
  }

  async setAutoProvisioning(caller: WorkspaceCaller, enabled: boolean, origin: AuditOrigin) {
    requireAction(caller, 'administer');
    const email = (await workspaceRepo.userEmail(this.db, caller.userId))?.email ?? null;
    const value = enabled
      ? { enabled: true, enabled_at_unix: Math.floor(Date.now() / 1000), enabled_by_user_email: email }
      : { enabled: false, enabled_at_unix: null, enabled_by_user_email: null };
    await auditedChange(
      this.db,
      caller,
      origin,
      'user_auto_provisioning_updated',
      `User auto-provisioning turned ${enabled ? 'on' : 'off'}.`,
      { enabled },
      (tx) => repo.setAutoProvisioning(tx, caller.workspaceId, value),
    );
    return value;
  }

  /** find-sso-provider (decision 265): the provider that serves the address's domain. */
  find(input: { email?: string; invite_code?: string }): Promise<FindSsoProviderResponse> {
    return findSsoProvider(this.db, input);
  }
}
