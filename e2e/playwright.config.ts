import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  E2E_DATA_DIR,
  E2E_DNS_PORT,
  E2E_MAIL_SINK_PORT,
  E2E_OIDC_PORT,
  E2E_PORT,
  E2E_ROOT as root,
  E2E_SMTP_PORT,
} from './e2e-env';

const oidcIssuer = `http://127.0.0.1:${E2E_OIDC_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'e2e/artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // npm test runs these beside the integration tests (decision 240), which keep both cores busy: an assertion
  // waits up to 15 s for what the page shows (Playwright's 5 s default failed a sign-up step in CI once).
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Social sign-in's providers (Google, GitHub, Apple) are one local OIDC provider (social-sign-in.spec.ts).
      command: `exec node --import tsx '${path.join(root, 'apps/server/src/testing/oidc-stand-in.ts')}' ${E2E_OIDC_PORT} http://127.0.0.1:${E2E_PORT}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // Mail goes over real SMTP to a local sink; the tests read what it received (e2e/mail-sink.ts).
      command: `exec node --import tsx '${path.join(root, 'apps/server/src/testing/smtp-sink-server.ts')}' ${E2E_SMTP_PORT} ${E2E_MAIL_SINK_PORT}`,
      url: `http://127.0.0.1:${E2E_MAIL_SINK_PORT}/messages`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The built app, as `npm start` serves it (run `npm run build` first; `npm run test:e2e` does).
      // Each run starts from an empty embedded database.
      command: `rm -rf '${E2E_DATA_DIR}' && exec node --import tsx '${path.join(root, 'apps/server/src/api.ts')}'`,
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        MAIL_FROM: 'Vocalis <mail@vocalis.test>',
        GOOGLE_CLIENT_ID: 'vocalis-google',
        GOOGLE_CLIENT_SECRET: 'google-secret-for-tests',
        GOOGLE_ISSUER: oidcIssuer,
        GITHUB_CLIENT_ID: 'vocalis-github',
        GITHUB_CLIENT_SECRET: 'github-secret-for-tests',
        GITHUB_URL: oidcIssuer,
        GITHUB_API_URL: oidcIssuer,
        // Workspace SSO (sso.spec.ts): the OIDC stand-in is on loopback; TXT records come from the spec's DNS server.
        SSO_ALLOW_PRIVATE_ISSUERS: 'true',
        DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
        // Agents' phone calls (phone-calls.spec.ts): nothing listens there, so Twilio is unreachable.
        TWILIO_API_URL: 'http://127.0.0.1:9',
      },
    },
  ],
});
