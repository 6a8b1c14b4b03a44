import { expect, test } from '@playwright/test';
import { startDnsStandIn, type DnsStandIn } from '../apps/server/src/testing/dns-stand-in';
import { startSamlIdpStandIn, type SamlIdpStandIn } from '../apps/server/src/testing/saml-idp-stand-in';
import { E2E_OIDC_PORT, E2E_DNS_PORT } from './e2e-env';
import { signUpAndOnboard } from './flows';
import { shoot } from './screens';

// The workspace's identity provider is the local OIDC provider of playwright.config.ts (its SSO client);
// domain verification asks this spec's loopback DNS server (DNS_SERVERS of the app).
const stamp = Date.now();
const domain = `sso-${stamp}.test`;
const owner = { email: `owner@${domain}`, firstName: 'Olga', password: 'e2e-password-1!' };

let dns: DnsStandIn;
let idp: SamlIdpStandIn;
test.beforeAll(async () => {
  dns = await startDnsStandIn({ port: E2E_DNS_PORT });
  idp = await startSamlIdpStandIn();
});
test.afterAll(async () => {
  await dns?.close();
  await idp?.close();
});

test('an admin configures OIDC SSO and verifies the domain on the security page, signs in through it, then through SAML', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, owner);

  await page.goto('/app/workspace/security');
  const sso = page.getByRole('region', { name: 'Single sign-on' });
  await expect(sso.getByText('No identity provider is configured.')).toBeVisible();
  const form = sso.getByRole('form', { name: 'Add identity provider' });
  await form.getByLabel('Name').fill('Acme SSO');
  await form.getByLabel('Issuer URL').fill(`http://127.0.0.1:${E2E_OIDC_PORT}`);
  await form.getByLabel('Client ID').fill('vocalis-workspace-sso');
  await form.getByLabel('Client secret').fill('workspace-sso-secret-for-tests');
  await form.getByRole('button', { name: 'Add identity provider' }).click();
  await expect(sso.getByText('Acme SSO')).toBeVisible();
  await expect(sso.getByText('vocalis-workspace-sso')).toBeVisible();

  await sso.getByLabel('Domain').fill(domain);
  await sso.getByRole('button', { name: 'Add domain' }).click();
  const record = sso.getByText(`_vocalis-verification.${domain}`);
  await expect(record).toBeVisible();
  const value = (await sso.locator('code', { hasText: 'vocalis-domain-verification=' }).textContent())!;
  // Not published yet: the verification says where the record belongs.
  await sso.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The TXT record was not found/)).toBeVisible();
  dns.records.set(`_vocalis-verification.${domain}`, [value]);
  await sso.getByRole('button', { name: 'Verify' }).click();
  await expect(sso.getByText('Verified', { exact: true })).toBeVisible();
  // The provider names the domain it signs in (decision 265); the setting is stored.
  await sso.getByLabel('Signs in addresses of').fill(domain.toUpperCase());
  await sso.getByRole('button', { name: 'Save domains' }).click();
  await expect(page.getByText('Domains of Acme SSO saved.')).toBeVisible();
  await page.reload();
  await expect(sso.getByLabel('Signs in addresses of')).toHaveValue(domain);
  await expect(sso.getByLabel('Enabled for sign-in')).toBeChecked();
  await shoot(page, { path: 'e2e/artifacts/sso-security-page.png', fullPage: true });

  // A fresh browser: the sign-in page offers the workspace's provider for this address.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto('/sign-in');
  await fresh.getByLabel('Email').fill(owner.email);
  await fresh.getByLabel('Password', { exact: true }).focus();
  await fresh.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(fresh.getByRole('heading', { name: 'Sign in with Acme SSO' })).toBeVisible();
  await fresh.getByLabel('Email').fill(owner.email);
  await fresh.getByRole('button', { name: 'Continue' }).click();
  await expect(fresh).toHaveURL(/\/app\/home$/, { timeout: 20_000 });
  await fresh.goto('/app/workspace/security');
  await expect(fresh.getByRole('region', { name: 'Single sign-on' }).getByText('Acme SSO')).toBeVisible();
  await shoot(fresh, { path: 'e2e/artifacts/sso-signed-in.png', fullPage: true });
  await context.close();

  // The workspace moves to SAML: the OIDC provider goes, a SAML IdP (signed assertions) comes.
  await sso.getByRole('button', { name: 'Remove' }).click();
  await expect(sso.getByText('No identity provider is configured.')).toBeVisible();
  await form.getByLabel('SAML 2.0').check();
  await form.getByLabel('Name').fill('Acme SAML');
  await form.getByLabel('IdP entity ID').fill(idp.entityId);
  await form.getByLabel('IdP sign-in URL').fill(idp.ssoUrl);
  await form.getByLabel('Signing certificate (PEM)').fill(idp.certificate);
  await form.getByRole('button', { name: 'Add identity provider' }).click();
  await expect(sso.getByText('Assertion consumer service URL')).toBeVisible();
  // IdP-initiated sign-in is off until an admin allows it (decision 267).
  const idpInitiated = sso.getByLabel('Allow sign-in started at the identity provider (IdP-initiated)');
  await expect(idpInitiated).not.toBeChecked();
  await idpInitiated.click();
  await expect(page.getByText('IdP-initiated sign-in allowed.')).toBeVisible();
  await expect(idpInitiated).toBeChecked();
  await shoot(page, { path: 'e2e/artifacts/sso-saml-provider-settings.png', fullPage: true });

  const samlContext = await browser.newContext();
  const samlPage = await samlContext.newPage();
  await samlPage.goto('/sign-in');
  await samlPage.getByLabel('Email').fill(owner.email);
  await samlPage.getByLabel('Password', { exact: true }).focus();
  await samlPage.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(samlPage.getByRole('heading', { name: 'Acme SAML sign-in' })).toBeVisible();
  await samlPage.getByLabel('Email').fill(owner.email);
  await samlPage.getByRole('button', { name: 'Continue' }).click();
  await expect(samlPage).toHaveURL(/\/app\/home$/, { timeout: 20_000 });
  await samlContext.close();
});
