import { randomBytes } from 'node:crypto';
import { seatLimit, WORKSPACE_MESSAGES } from '@vocalis/domain/workspace/workspace-permissions';
import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import { emailDomain, SSO_MESSAGES, ssoArrival } from '@vocalis/domain/workspace/sso-rules';
import type { AppDb } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../workspace/audit';
import * as workspaceRepo from '../workspace/workspace.repo';
import type { OidcClient } from './oidc-client';
import { mayVouchFor } from './provider-routing';
import { SamlServiceProvider } from './saml-sp';
import * as repo from './sso.repo';

/** A sign-in the user is told about on the sign-in page (the message is for them). */
export class SsoSignInError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** What the browser's round trip must bring back, kept server-side under its state for 10 minutes. */
export type SsoPending =
  | { type: 'oidc'; providerId: string; callbackPath: string; nonce: string; codeVerifier: string }
  | { type: 'saml'; providerId: string; callbackPath: string; requestId: string };

export type CreateUser = (user: {
  email: string;
  name: string;
  method: 'sso-oidc' | 'sso-saml';
  providerId: string;
}) => Promise<string>;

/**
 * A safe place to land after sign-in: a path of this app on the redirect allow-list, checked by the same rule as
 * every other sign-in redirect (normalised first, so `/.//evil.com` or encoded traversal fall back to home).
 */
export const safeCallbackPath = (p: string | undefined) =>
  resolveRedirectTarget(p, { origin: 'http://vocalis.invalid', fallback: '/app/home' });

/**
 * The sign-in side of workspace SSO (decisions 160, 162): starts the round trip at the workspace's OIDC or
 * SAML provider and, once the provider vouched for an address, decides by `ssoArrival` whether the user signs
 * in, joins (auto-provisioning, within the seats) or is refused. Sessions are made by the auth plugin.
 */
export class SsoSignInService {
  constructor(
    private readonly db: AppDb,
    private readonly deps: { publicUrl: string; box: SecretBox; oidc: OidcClient },
  ) {}

  readonly oidcRedirectUri = () => `${this.deps.publicUrl}/api/auth/sso/oidc/callback`;

  private async provider(providerId: string) {
    const p = await repo.providerById(this.db, providerId);
    if (!p) throw new SsoSignInError(SSO_MESSAGES.providerNotFound, 'identity_provider_not_found');
    if (!p.enabled) throw new SsoSignInError(SSO_MESSAGES.providerDisabled, 'identity_provider_disabled');
    return p;
  }

  private oidcConfig(p: repo.ProviderRow) {
    return {
      issuer: p.issuer!,
      clientId: p.clientId!,
      clientSecret: this.deps.box.open(p.clientSecretSealed!),
    };
  }

  private samlSp(p: repo.ProviderRow, requestId?: string) {
    return new SamlServiceProvider(
      {
        providerId: p.id,
        idpEntityId: p.identityProviderEntityId!,
        ssoUrl: p.ssoUrl!,
        certificate: p.certificate!,
      },
      this.deps.publicUrl,
      requestId,
    );
  }

  /** SAML service-provider metadata of a SAML provider; null for any other id. */
  async metadata(providerId: string): Promise<string | null> {
    const p = await repo.providerById(this.db, providerId);
    return p?.type === 'saml' ? this.samlSp(p).metadata() : null;
  }

  /** The provider's sign-in URL, the state that names this attempt, and what to keep under it. */
  async start(providerId: string, callbackPath: string | undefined) {
    const p = await this.provider(providerId);
    const landing = safeCallbackPath(callbackPath);
    if (p.type === 'oidc') {
      let started;
      try {
        started = await this.deps.oidc.authorizationUrl(this.oidcConfig(p), this.oidcRedirectUri());
      } catch {
        throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'identity_provider_unreachable');
      }
      const { url, pending } = started;
      const keep: SsoPending = {
        type: 'oidc',
        providerId: p.id,
        callbackPath: landing,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      };
      return { url, state: pending.state, pending: keep };
    }
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const state = randomBytes(24).toString('base64url');
    const url = await this.samlSp(p, requestId).authorizeUrl(state);
    const keep: SsoPending = { type: 'saml', providerId: p.id, callbackPath: landing, requestId };
    return { url, state, pending: keep };
  }

  async finishOidc(state: string, pendingValue: unknown, code: string, createUser: CreateUser) {
    const pending = pendingValue as SsoPending;
    if (pending.type !== 'oidc') throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'sso_state_mismatch');
    const p = await this.provider(pending.providerId);
    let claims;
    try {
      claims = await this.deps.oidc.finish(this.oidcConfig(p), this.oidcRedirectUri(), code, {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'sso_token_invalid');
    }
    if (!claims.emailVerified) throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'sso_email_unverified');
    return this.arrive(p, claims.email, claims.name, createUser);
  }

  async finishSaml(providerId: string, pendingValue: unknown, samlResponse: string, createUser: CreateUser) {
    const pending = pendingValue as SsoPending;
    if (pending.type !== 'saml' || pending.providerId !== providerId) {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'sso_state_mismatch');
    }
    return this.acceptSaml(await this.provider(providerId), samlResponse, pending.requestId, createUser);
  }

  /**
   * IdP-initiated SAML (decision 267): an unsolicited response, accepted only when the provider allows it,
   * with the same signature, issuer, audience, time and replay checks; a response that answers some
   * AuthnRequest (InResponseTo) is not unsolicited and is refused here.
   */
  async finishSamlUnsolicited(providerId: string, samlResponse: string, createUser: CreateUser) {
    const p = await this.provider(providerId);
    if (p.type !== 'saml' || !p.idpInitiatedEnabled) {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'saml_idp_initiated_disabled');
    }
    return this.acceptSaml(p, samlResponse, undefined, createUser);
  }

  private async acceptSaml(
    p: repo.ProviderRow,
    samlResponse: string,
    requestId: string | undefined,
    createUser: CreateUser,
  ) {
    let result;
    try {
      result = await this.samlSp(p, requestId).validate(samlResponse);
    } catch {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'saml_response_invalid');
    }
    if (!requestId && result.inResponseTo) {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'saml_response_invalid');
    }
    if (!(await repo.useAssertionOnce(this.db, result.assertionId, p.id, result.expiresAt))) {
      throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'saml_assertion_replayed');
    }
    if (!result.email) throw new SsoSignInError(SSO_MESSAGES.signInFailed, 'saml_no_email');
    return this.arrive(p, result.email, result.name, createUser);
  }

  /** The rule of `ssoArrival`, then the membership (within the seats) and the current workspace. */
  private async arrive(p: repo.ProviderRow, email: string, name: string, createUser: CreateUser) {
    const ws = await workspaceRepo.findWorkspace(this.db, p.workspaceId);
    if (!ws) throw new SsoSignInError(SSO_MESSAGES.providerNotFound, 'identity_provider_not_found');
    const domain = emailDomain(email);
    const owner = domain ? await repo.verifiedDomainOwner(this.db, domain) : undefined;
    // Several providers: only the one the domain routes to may vouch for it (decision 265).
    if (owner === ws.id && !(await mayVouchFor(this.db, p, domain!))) {
      throw new SsoSignInError(SSO_MESSAGES.otherProvider, 'sso_other_provider');
    }
    let userId = await workspaceRepo.findUserIdByEmail(this.db, email);
    const member = userId ? await workspaceRepo.findMember(this.db, ws.id, userId) : undefined;
    const arrival = ssoArrival({
      domainVerified: owner === ws.id,
      userExists: Boolean(userId),
      isMember: Boolean(member),
      autoProvisioning: ws.userAutoProvisioning.enabled,
    });
    if (arrival.kind === 'refuse') throw new SsoSignInError(arrival.message, 'sso_not_allowed');
    if (arrival.kind !== 'sign_in') {
      const limit = seatLimit(ws.subscriptionTier, ws.extraSeats);
      const seatsFull = async (tx: AppDb) =>
        (await workspaceRepo.seatsInUse(tx, ws.id, new Date())).members >= limit;
      // Checked before an account is made for nobody; again under the workspace lock when joining.
      if (await this.db.transaction((t) => seatsFull(t as unknown as AppDb))) {
        throw new SsoSignInError(WORKSPACE_MESSAGES.noSeats(limit), 'seat_limit_reached');
      }
      userId ??= await createUser({
        email,
        name: name || email.split('@')[0]!,
        method: p.type === 'oidc' ? 'sso-oidc' : 'sso-saml',
        providerId: p.id,
      });
      const joining = userId;
      await this.db.transaction(async (t) => {
        const tx = t as unknown as AppDb;
        if (await seatsFull(tx))
          throw new SsoSignInError(WORKSPACE_MESSAGES.noSeats(limit), 'seat_limit_reached');
        await workspaceRepo.addMember(tx, ws.id, joining, 'editor');
        await recordAudit(tx, {
          workspaceId: ws.id,
          actor: { userId: joining, email },
          activity: 'member_auto_provisioned',
          className: 'workspace_member',
          message: `${email} joined through single sign-on (${p.name}) by user auto-provisioning.`,
          metadata: { email, provider_id: p.id, created_account: arrival.kind === 'create_and_join' },
        });
      });
    } else if (member?.isLocked) {
      throw new SsoSignInError(
        'Your account has been disabled by an administrator in your workspace.',
        'USER_DISABLED',
      );
    }
    await workspaceRepo.setCurrentWorkspace(this.db, userId!, ws.id);
    return { userId: userId!, workspaceId: ws.id };
  }
}
