import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { schema } from '../db/schema';
import { newId } from '../lib/ids';
import type { MailInput } from '../mail/mailer';
import { passwordResetMail, verificationMail } from './account-mails';
import { authHooks, CLIENT_IP_HEADER } from './auth-hooks';
import { hashPassword, verifyPassword } from './passwords';

export type Auth = ReturnType<typeof createAuth>;

/** What better-auth needs from the rest of the app (kept as an interface so features do not import auth). */
export type AuthDeps = {
  mailer: { send(mail: MailInput): Promise<unknown> };
  accounts: {
    createPersonalAccount(user: { id: string; name: string; email: string }): Promise<void>;
    signInBlock(userId: string): Promise<{ code: string; message: string } | null>;
  };
};

/**
 * The continue path better-auth put into its own link, so our mailed link carries it on; its default
 * ('/') becomes the sign-in route, the spec's continue address.
 */
function continuePathOf(url: string): string | undefined {
  const value = new URL(url).searchParams.get('callbackURL');
  return value && value !== '/' && value.startsWith('/') ? value : undefined;
}

const LINK_LIFETIME_S = 3600;

/**
 * better-auth over our drizzle schema: email/password sessions (cookie, or bearer for the web app's API
 * calls), verified email required, links mailed through our Mailer to the action-link page.
 */
export function createAuth(db: AppDb, config: Config, deps: AuthDeps) {
  const hooks = authHooks(db, config);
  return betterAuth({
    appName: 'Vocalis',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.corsOrigins],
    database: drizzleAdapter(db, { provider: 'pg', usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: LINK_LIFETIME_S,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      sendResetPassword: async ({ user, url, token }) => {
        await deps.mailer.send(passwordResetMail(config, user.email, token, continuePathOf(url)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: LINK_LIFETIME_S,
      sendVerificationEmail: async ({ user, url, token }) => {
        await deps.mailer.send(verificationMail(config, user.email, token, continuePathOf(url)));
      },
    },
    // Reset codes are kept only as hashes; verification links are signed, expiring tokens (decision 007).
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await deps.accounts.createPersonalAccount(user);
          },
        },
      },
      session: {
        create: {
          // Runs after the password (or provider) check: the account state is only told to its owner.
          before: async (session) => {
            const block = await deps.accounts.signInBlock(session.userId);
            if (block) throw new APIError('FORBIDDEN', block);
          },
        },
      },
    },
    hooks,
    // Our own limiter (auth-hooks.ts) keeps its counters in the database; better-auth's would be per process.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    plugins: [
      bearer(),
      // Authenticator app (TOTP) with backup codes (decision 009); the secret and the codes are stored
      // encrypted under AUTH_SECRET; 10 failed codes lock the second step for 15 minutes.
      twoFactor({
        issuer: 'Vocalis',
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
    ],
  });
}
