import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { jwt } from 'better-auth/plugins/jwt';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { customSession, oauthPopup } from 'better-auth/plugins';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { schema } from '../db/schema';
import { newId } from '../lib/ids';
import type { MailInput } from '../mail/mailer';
import { passwordResetMail, verificationMail } from './account-mails';
import { authHooks, CLIENT_IP_HEADER } from './auth-hooks';
import { hashPassword, verifyPassword } from './passwords';
import { signInMethodBlock, signInMethodOf } from './sign-in-policy';
import { phoneFactorMethods } from './phone-factor-methods';
import { socialSecondFactor } from './social-second-factor';
import { isSessionIdleExpired } from '@vocalis/domain/session-inactivity';
import { deleteSession, inactivityTimeoutOf } from './session-activity.repo';
import { sessionTokenOptions } from './session-tokens';
import { hashSessionTokens } from './session-token-hash';
import { socialProviderConfigs } from './social-providers';
import { ssoEndpoints, type SsoSignIn } from './sso-endpoints';

export type Auth = ReturnType<typeof createAuth>;

/** What better-auth needs from the rest of the app (kept as an interface so features do not import auth). */
export type AuthDeps = {
  mailer: { send(mail: MailInput): Promise<unknown> };
  accounts: {
    createPersonalAccount(
      user: { id: string; name: string; email: string },
      opts?: { needsOnboarding?: boolean },
    ): Promise<void>;
    signInBlock(userId: string): Promise<{ code: string; message: string } | null>;
  };
  /** The phone (SMS) second factor: texts the sign-in code; tells whether an address has a phone enrolled. */
  phoneFactor: {
    sendSignInCode(userId: string, code: string): Promise<void>;
    hasPhoneFactor(email: string): Promise<boolean>;
    keepRequiredIfEnrolled(userId: string): Promise<void>;
  };
  /** Workspace single sign-on (OIDC and SAML) of features/sso. */
  sso: SsoSignIn;
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
  const social = socialProviderConfigs(config.social);
  return betterAuth({
    appName: 'Vocalis',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // sessions.token keeps only a SHA-256 of each session token (decision 033).
    database: hashSessionTokens(drizzleAdapter(db, { provider: 'pg', usePlural: true, schema })),
    // Listing sessions would hand out stored hashes, which open nothing and revoke nothing; the app has no
    // sessions page. Sign-out, revoke-session (by token) and revoke-sessions work as before.
    disabledPaths: ['/list-sessions', '/revoke-other-sessions'],
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
          // A sign-up through the browser (an HTTP request) goes through onboarding; accounts an operator
          // creates (admin CLI, server-side calls) do not.
          after: async (user, context) => {
            await deps.accounts.createPersonalAccount(user, { needsOnboarding: Boolean(context?.request) });
          },
        },
      },
      session: {
        create: {
          // Runs after the password (or provider) check: the account state is only told to its owner.
          before: async (session, ctx) => {
            const block = await deps.accounts.signInBlock(session.userId);
            if (block) throw new APIError('FORBIDDEN', block);
            // A workspace may forbid email/password or a social provider (accounts.md §6).
            const method = signInMethodOf(ctx);
            const forbidden = method && (await signInMethodBlock(db, session.userId, method));
            if (forbidden) throw new APIError('FORBIDDEN', forbidden);
          },
        },
      },
    },
    account: {
      // An address that already has an account is not joined to a new provider silently: the user sees
      // "Account exists with different credentials", signs in the old way and links the provider then.
      accountLinking: { enabled: true, disableImplicitLinking: true, allowDifferentEmails: false },
    },
    hooks,
    // Our own limiter (auth-hooks.ts) keeps its counters in the database; better-auth's would be per process.
    rateLimit: { enabled: false },
    advanced: {
      // Checked in tests as in production (better-auth skips the origin check when NODE_ENV=test).
      disableOriginCheck: false,
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    plugins: [
      bearer(),
      // GET /api/auth/token: the web app's short-lived bearer token for /v1 and /v2, signed with a key in
      // `jwks`, only for a verified address (decision 021).
      jwt(sessionTokenOptions(db, config.publicUrl)),
      // The session carries its workspace's session_inactivity_timeout (seconds, or null): the browser's
      // idle timer and the server's idle check read it from here (accounts.md §4).
      // A session idle past that timeout is ended here too, so the browser sees itself signed out.
      customSession(async ({ user, session }) => {
        const inactivityTimeout = await inactivityTimeoutOf(db, user.id);
        if (isSessionIdleExpired(new Date(session.updatedAt), inactivityTimeout, new Date())) {
          await deleteSession(db, session.id);
          return null as unknown as {
            user: typeof user;
            session: typeof session & { inactivityTimeout: number | null };
          };
        }
        return { user, session: { ...session, inactivityTimeout } };
      }),
      // Authenticator app (TOTP) with backup codes (decision 009); the secret and the codes are stored
      // encrypted under AUTH_SECRET; 10 failed codes lock the second step for 15 minutes.
      // Social sign-in (Google, GitHub, Apple when configured) in a popup that hands the session back.
      ...(social.length ? [genericOAuth({ config: social })] : []),
      // Before the popup's hook: a provider sign-in asks for the second factor too (decision 026).
      socialSecondFactor(deps.phoneFactor),
      oauthPopup(),
      twoFactor({
        issuer: 'Vocalis',
        // Accounts without a password (social sign-in) manage the authenticator app without one; the
        // /api/auth/two-factor/* routes in features/two-factor ask them for a fresh session instead (decision 026).
        allowPasswordless: true,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
        // The phone factor: a 6-digit code texted to the enrolled number (SmsSender), kept hashed, 5 tries.
        otpOptions: {
          period: 5,
          digits: 6,
          allowedAttempts: 5,
          storeOTP: 'hashed',
          sendOTP: ({ user, otp }) => deps.phoneFactor.sendSignInCode(user.id, otp),
        },
      }),
      phoneFactorMethods(deps.phoneFactor),
      ssoEndpoints(deps.sso),
    ],
  });
}
