import type { FindSsoProviderResponse } from '@vocalis/contracts/sso';
import { pickProvider, providerServes } from '@vocalis/domain/workspace/sso-provider-routing';
import { emailDomain, normalizeDomain } from '@vocalis/domain/workspace/sso-rules';
import type { AppDb } from '../../db/client';
import { AppError } from '../../errors';
import { findInviteByCodeHash } from '../workspace/invites.repo';
import * as workspaceRepo from '../workspace/workspace.repo';
import * as repo from './sso.repo';

/** The provider of `workspaceId` that signs in addresses of `domain` (decision 265), if any. */
export async function routeProvider(db: AppDb, workspaceId: string, domain: string) {
  return pickProvider(await repo.listProviders(db, workspaceId), domain);
}

/** Whether `p` may vouch for an address of `domain` (enabled, and the provider the domain routes to). */
export async function mayVouchFor(db: AppDb, p: repo.ProviderRow, domain: string) {
  return providerServes(p, domain, await repo.listProviders(db, p.workspaceId));
}

/** A provider's domain list: normalised, and each one claimed by the workspace (verified or not yet). */
export async function checkedDomains(db: AppDb, workspaceId: string, input: string[]): Promise<string[]> {
  const claimed = new Set((await repo.listDomains(db, workspaceId)).map((d) => d.domain));
  const out: string[] = [];
  for (const raw of input) {
    const d = normalizeDomain(raw);
    if (!d || !claimed.has(d)) {
      throw new AppError(
        422,
        'domain_not_claimed',
        `${raw} is not a domain of this workspace. Add it under domain verification first.`,
      );
    }
    if (!out.includes(d)) out.push(d);
  }
  return out;
}

const none: FindSsoProviderResponse = {
  provider_id: null,
  type: null,
  workspace_name: null,
  sso_required: false,
  sign_in_url: null,
};

/**
 * find-sso-provider: the provider that serves the address's domain in the workspace that verified it (an
 * invite code stands for its invitee's address, and must be an invite to that same workspace).
 */
export async function findSsoProvider(
  db: AppDb,
  input: { email?: string; invite_code?: string },
): Promise<FindSsoProviderResponse> {
  let email = input.email;
  let inviteWorkspace: string | null = null;
  if (input.invite_code) {
    const invite = await findInviteByCodeHash(db, workspaceRepo.hashInviteCode(input.invite_code));
    if (!invite || invite.expiresAt < new Date()) return none;
    email ??= invite.email;
    inviteWorkspace = invite.workspaceId;
  }
  const domain = email ? emailDomain(email) : null;
  if (!domain) return none;
  const workspaceId = await repo.verifiedDomainOwner(db, domain);
  if (!workspaceId || (inviteWorkspace && inviteWorkspace !== workspaceId)) return none;
  const provider = await routeProvider(db, workspaceId, domain);
  const ws = await workspaceRepo.findWorkspace(db, workspaceId);
  if (!provider || !ws) return none;
  return {
    provider_id: provider.id,
    type: provider.type,
    workspace_name: ws.name,
    sso_required: ws.emailPasswordSignInDisabled,
    sign_in_url: `/api/auth/sso/start?provider_id=${encodeURIComponent(provider.id)}`,
  };
}
