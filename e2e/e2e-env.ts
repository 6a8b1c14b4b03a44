import path from 'node:path';

export const E2E_ROOT = path.resolve(import.meta.dirname, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8765);
export const E2E_DATA_DIR = path.join(E2E_ROOT, 'e2e/.data');
/** The local OpenID Connect provider that stands in for Google, GitHub and Apple in the e2e run. */
export const E2E_OIDC_PORT = E2E_PORT + 1;
/** The SMTP sink the e2e server delivers mail to (MAIL_TRANSPORT=smtp), and its HTTP port for the tests. */
export const E2E_SMTP_PORT = E2E_PORT + 2;
export const E2E_MAIL_SINK_PORT = E2E_PORT + 3;
/** The loopback DNS server an e2e spec runs for domain verification (sso.spec.ts); the app asks it. */
export const E2E_DNS_PORT = E2E_PORT + 4;
