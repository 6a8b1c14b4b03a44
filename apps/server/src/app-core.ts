import type { FastifyInstance } from 'fastify';
import { createAuth, type Auth } from './auth/auth';
import { AUTH_MESSAGES } from './auth/auth-hooks';
import type { Config } from './config';
import type { Database } from './db/client';
import { sessionLookup } from './features/account-codes/current-session';
import { SensitiveActionService } from './features/account-codes/sensitive-actions.service';
import { createBilling, subscriptionSource, type Billing } from './features/billing/create-billing';
import type { Lifecycle } from './features/health/health.routes';
import { HistoryService } from './features/history/history.service';
import { SecretBox } from './lib/secret-box';
import { OidcClient } from './features/sso/oidc-client';
import { SsoSignInService } from './features/sso/sso-sign-in.service';
import { MessagesService } from './features/messages/messages.service';
import { PhoneFactorService } from './features/two-factor/phone-factor.service';
import { UsageService, type ReservationOwner } from './features/usage/usage.service';
import { UserService } from './features/user/user.service';
import type { EventBus } from './live/event-bus';
import { registerMailContext } from './mail/mail-context';
import { Mailer } from './mail/mailer';
import { createSmsSender } from './sms/sms-sender';
import { createFileStorage } from './storage/create-file-storage';
import type { FileStorage } from './storage/file-storage';

/**
 * The services several features share, built once per app: accounts (users, auth, sensitive actions),
 * quota and billing, history, mail, messages, files. Features receive this and build their own services on it.
 */
export type Core = {
  config: Config;
  database: Database;
  db: Database['db'];
  bus: EventBus;
  lifecycle: Lifecycle;
  mailer: Mailer;
  messages: MessagesService;
  /** Workspace character quota and concurrent-generation slots (decision 010). */
  usage: UsageService;
  /** Plans, checkout, invoices (decision 015); GET /v1/user's subscription comes from it too. */
  billing: Billing;
  users: UserService;
  /** The phone (SMS) second factor; texts go to the outbox unless SMS_TRANSPORT names a provider. */
  phoneFactor: PhoneFactorService;
  auth: Auth;
  /** Fresh sign-in or verified email access before sensitive actions (decision 022). */
  sensitiveActions: SensitiveActionService;
  sessions: ReturnType<typeof sessionLookup>;
  files: FileStorage;
  history: HistoryService;
  /** What workspace SSO shares with the auth plugin: the public URL, the secret box, the OIDC client. */
  ssoDeps: { publicUrl: string; box: SecretBox; oidc: OidcClient };
};

/** Builds the shared services over an open database. */
export function createCore(
  app: FastifyInstance,
  deps: { config: Config; database: Database; bus: EventBus; lifecycle: Lifecycle; node: ReservationOwner },
): Core {
  const { config, database, bus } = deps;
  const db = database.db;
  registerMailContext(app); // each request's client IP for the mail limit (decision 030)
  const mailer = new Mailer(db, config, app.log);
  const usage = new UsageService(db, deps.node);
  const billing = createBilling({ db, config, bus, log: app.log });
  const users = new UserService(db, config, bus, AUTH_MESSAGES, subscriptionSource(usage, billing));
  const phoneFactor = new PhoneFactorService(db, createSmsSender(db, config));
  const ssoDeps = {
    publicUrl: config.publicUrl,
    box: new SecretBox(config.authSecret),
    oidc: new OidcClient({ allowPrivate: config.ssoAllowPrivateIssuers }),
  };
  const sso = new SsoSignInService(db, ssoDeps);
  const auth = createAuth(db, config, { mailer, accounts: users, phoneFactor, sso });
  const sessions = sessionLookup(auth);
  // History audio and other shared files: a local folder, or the bucket every node shares (decision 029).
  const storage = createFileStorage(config.storage);
  app.addHook('onReady', () => storage.check()); // a bucket that cannot be written stops the start
  app.addHook('onClose', async () => storage.close());
  const files = storage.files;
  return {
    ...deps,
    db,
    mailer,
    messages: new MessagesService(db, bus),
    usage,
    billing,
    users,
    phoneFactor,
    auth,
    sensitiveActions: new SensitiveActionService(db, config, mailer, sessions),
    ssoDeps,
    sessions,
    files,
    history: new HistoryService(db, files, usage),
  };
}
