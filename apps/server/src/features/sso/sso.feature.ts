import { defineFeature } from '../feature';
import { txtLookup } from './dns-txt';
import { domainRecheckJob } from './domain-recheck.job';
import { SsoAdminService } from './sso-admin.service';
import { samlPostBinding, ssoRoutes } from './sso.routes';

/**
 * Workspace single sign-on (issue 11, decisions 160-163): OIDC and SAML identity providers, domain
 * verification by DNS TXT records, user auto-provisioning and find-sso-provider. The sign-in round trip
 * itself runs in better-auth (auth/sso-endpoints.ts) over this feature's SsoSignInService (app-core).
 */
export const ssoFeature = defineFeature({
  name: 'sso',
  jobs: [domainRecheckJob],
  async register(app, { db, config, ssoDeps }) {
    const admin = new SsoAdminService(db, { ...ssoDeps, txt: txtLookup(config.dnsServers) });
    await app.register(ssoRoutes(admin));
    await app.register(samlPostBinding);
    return { admin };
  },
});
