import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDomainBody,
  createIdentityProviderBody,
  domainVerification,
  domainVerificationsResponse,
  findSsoProviderQuery,
  findSsoProviderResponse,
  identityProvider,
  identityProvidersResponse,
  updateAutoProvisioningBody,
  updateIdentityProviderBody,
  userAutoProvisioning,
} from '@vocalis/contracts/sso';
import { statusOk } from '@vocalis/contracts/workspace';
import { requirePrincipal } from '../../plugins/auth';
import { originOf } from '../workspace/audit';
import { workspaceCaller } from '../workspace/workspace-access';
import type { SsoAdminService } from './sso-admin.service';

const tags = ['workspace'];
const providerParams = z.object({ provider_id: z.string().min(1).max(100) });
const domainParams = z.object({ domain_id: z.string().min(1).max(100) });

/** Single sign-on of the current workspace (decisions 160-161): providers, domains, auto-provisioning. */
export const ssoRoutes =
  (sso: SsoAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    const caller = (request: Parameters<typeof requirePrincipal>[0]) =>
      workspaceCaller(requirePrincipal(request));

    app.get(
      '/v1/workspace/find-sso-provider',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'The single sign-on provider for an email address or invite code, if any',
          querystring: findSsoProviderQuery,
          response: { 200: findSsoProviderResponse },
        },
      },
      (request) => sso.find(request.query),
    );

    app.get(
      '/v1/workspace/identity-providers',
      {
        schema: {
          tags,
          summary: "The workspace's identity providers (no secrets)",
          response: { 200: identityProvidersResponse },
        },
      },
      async (request) => ({ identity_providers: await sso.listProviders(caller(request)) }),
    );
    app.post(
      '/v1/workspace/identity-providers',
      {
        schema: {
          tags,
          summary: 'Add an OIDC or SAML identity provider (admins only)',
          body: createIdentityProviderBody,
          response: { 200: identityProvider },
        },
      },
      (request) => sso.createProvider(caller(request), request.body, originOf(request)),
    );
    app.patch(
      '/v1/workspace/identity-providers/:provider_id',
      {
        schema: {
          tags,
          summary: 'Change an identity provider (admins only)',
          params: providerParams,
          body: updateIdentityProviderBody,
          response: { 200: identityProvider },
        },
      },
      (request) =>
        sso.updateProvider(caller(request), request.params.provider_id, request.body, originOf(request)),
    );
    app.delete(
      '/v1/workspace/identity-providers/:provider_id',
      {
        schema: {
          tags,
          summary: 'Remove an identity provider (admins only)',
          params: providerParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await sso.deleteProvider(caller(request), request.params.provider_id, originOf(request));
        return { status: 'ok' };
      },
    );

    app.get(
      '/v1/workspace/domain-verifications',
      {
        schema: {
          tags,
          summary: "The workspace's claimed domains and their TXT records (admins only)",
          response: { 200: domainVerificationsResponse },
        },
      },
      async (request) => ({ domains: await sso.listDomains(caller(request)) }),
    );
    app.post(
      '/v1/workspace/domain-verifications',
      {
        schema: {
          tags,
          summary: 'Claim a domain: answers the TXT record to publish (admins only)',
          body: addDomainBody,
          response: { 200: domainVerification },
        },
      },
      (request) => sso.addDomain(caller(request), request.body.domain, originOf(request)),
    );
    app.post(
      '/v1/workspace/domain-verifications/:domain_id/verify',
      {
        schema: {
          tags,
          summary: 'Look the TXT record up now; verified when it holds the token (admins only)',
          params: domainParams,
          response: { 200: domainVerification },
        },
      },
      (request) => sso.verifyDomain(caller(request), request.params.domain_id, originOf(request)),
    );
    app.delete(
      '/v1/workspace/domain-verifications/:domain_id',
      {
        schema: {
          tags,
          summary: 'Remove a claimed domain (admins only)',
          params: domainParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await sso.deleteDomain(caller(request), request.params.domain_id, originOf(request));
        return { status: 'ok' };
      },
    );

    app.get(
      '/v1/workspace/user-auto-provisioning',
      {
        schema: {
          tags,
          summary: 'Whether SSO sign-ins from verified domains create users and memberships',
          response: { 200: userAutoProvisioning },
        },
      },
      (request) => sso.autoProvisioning(caller(request)),
    );
    app.put(
      '/v1/workspace/user-auto-provisioning',
      {
        schema: {
          tags,
          summary: 'Turn user auto-provisioning on or off (admins only)',
          body: updateAutoProvisioningBody,
          response: { 200: userAutoProvisioning },
        },
      },
      (request) => sso.setAutoProvisioning(caller(request), request.body.enabled, originOf(request)),
    );
  };

/**
 * The SAML identity provider posts its answer (HTTP-POST binding) from its own origin; better-auth's origin
 * check refuses such a POST when the browser sends cookies, and a cross-site POST does not carry the
 * SameSite=Lax state cookie. Answering it with a redirect to the GET leg (a top-level navigation, which
 * carries the cookie) leaves every check to the auth plugin's ACS endpoint, as for Apple's form post.
 */
export const samlPostBinding: FastifyPluginAsyncZod = async (scope) => {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 300_000 },
    (_request, body, done) => done(null, body),
  );
  scope.post(
    '/api/auth/sso/saml/acs/:provider_id',
    { config: { public: true }, schema: { hide: true, params: providerParams } },
    async (request, reply) => {
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const params = new URLSearchParams();
      for (const key of ['SAMLResponse', 'RelayState']) {
        const value = form.get(key);
        if (value) params.set(key, value);
      }
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      return reply.redirect(
        `/api/auth/sso/saml/acs/${encodeURIComponent(request.params.provider_id)}?${params}`,
        303,
      );
    },
  );
};
