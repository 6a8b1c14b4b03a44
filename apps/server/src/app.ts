import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import { healthRoutes, type Lifecycle } from './features/health/health.routes';
import { registerMailboxRoutes } from './features/mailbox/mailbox.routes';
import { AUTH_MESSAGES } from './auth/auth-hooks';
import { emailChangeRoutes } from './features/account-codes/email-change.routes';
import { EmailChangeService } from './features/account-codes/email-change.service';
import { supportAccessRoutes } from './features/account-codes/support-access.routes';
import { SupportAccessService } from './features/account-codes/support-access.service';
import { AccountActionsService } from './features/user/account-actions.service';
import { userRoutes } from './features/user/user.routes';
import { passwordRoutes } from './features/user/password.routes';
import { PasswordService } from './features/user/password.service';
import { registerAccountFeatures } from './features/user/account-features';
import { apiKeysFeature } from './features/api-keys/api-keys.routes';
import { twoFactorFeature } from './features/two-factor/two-factor.routes';
import { PhoneFactorService } from './features/two-factor/phone-factor.service';
import { createSmsSender } from './sms/sms-sender';
import { registerSmsOutboxRoutes } from './sms/sms.routes';
import { socialSignInRoutes } from './features/social-sign-in/social-sign-in.routes';
import { UserService } from './features/user/user.service';
import { messagesRoutes } from './features/messages/messages.routes';
import { MessagesService } from './features/messages/messages.service';
import { EventBus } from './live/event-bus';
import { registerLiveRoutes } from './live/live.routes';
import { Mailer } from './mail/mailer';
import { accountVerificationRoutes } from './features/account-codes/account-verification.routes';
import { sessionLookup } from './features/account-codes/current-session';
import { InternalVerificationService } from './features/account-codes/internal-verification.service';
import { SensitiveActionService } from './features/account-codes/sensitive-actions.service';
import { registerAuth, resolvePrincipal } from './plugins/auth';
import { registerErrorHandler, registerNotFound } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerWebApp } from './plugins/web-app';
import { registerSpeechFeatures } from './features/tts/speech-features';
import { historyRoutes } from './features/history/history.routes';
import { HistoryService } from './features/history/history.service';
import { sharingRoutes } from './features/sharing/sharing.routes';
import { SharingService } from './features/sharing/sharing.service';
import { UsageService } from './features/usage/usage.service';
import { billingFeature, createBilling, subscriptionSource } from './features/billing/billing.feature';
import { LocalFileStorage } from './storage/local-files';

export type AppOptions = {
  config: Config;
  database: Database;
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Builds the whole HTTP app (API + web app) over an open database; the caller listens and closes. */
export async function buildApp({ config, database, bus = new EventBus(), logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Reuse a caller's request id when it is sane, so logs join up across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const lifecycle: Lifecycle = { state: 'starting' };
  const mailer = new Mailer(database.db, config, app.log);
  const messages = new MessagesService(database.db, bus);
  // Accounts: users, their personal workspaces, and the auth instance that creates them.
  // Workspace character quota and concurrent-generation slots (decision 010).
  const usage = new UsageService(database.db);
  // Billing (decision 015): plans, checkout, invoices; GET /v1/user's subscription comes from it too.
  const billing = createBilling({ db: database.db, config, bus, log: app.log });
  const users = new UserService(database.db, config, bus, AUTH_MESSAGES, subscriptionSource(usage, billing));
  // The phone (SMS) second factor; texts go to the outbox unless SMS_TRANSPORT names a provider.
  const phoneFactor = new PhoneFactorService(database.db, createSmsSender(database.db, config));
  const auth = createAuth(database.db, config, { mailer, accounts: users, phoneFactor });
  const accountActions = new AccountActionsService(auth, database.db, config);

  registerErrorHandler(app);
  const web = await registerWebApp(app, config.webDistDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(web?.inlineScriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The social sign-in popup (a provider's page) must be able to post its result back to the app.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['x-request-id', 'history-item-id', 'request-id'],
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, config.publicUrl);
  registerAuth(app, auth, database.db, config.publicUrl);
  // Onboarding, consent and account calls; first, so its checklist hook sees every later route.
  // Sensitive actions need a fresh sign-in or verified email access (decision 022).
  const sessions = sessionLookup(auth);
  const sensitiveActions = new SensitiveActionService(database.db, config, mailer, sessions);
  const accountFeatures = await registerAccountFeatures(app, {
    db: database.db,
    config,
    users,
    requireSensitiveAction: sensitiveActions.require,
  });

  await app.register(healthRoutes(database, lifecycle));
  await app.register(messagesRoutes(messages));
  await app.register(userRoutes(users, accountActions));
  // A first password for a social-only account, as a sensitive action.
  await app.register(passwordRoutes(new PasswordService(auth, database.db), sensitiveActions));
  // Email change and its revert link, with single-use hashed codes (decision 019).
  await app.register(
    emailChangeRoutes(new EmailChangeService(database.db, config, mailer), sensitiveActions, sessions),
  );
  await app.register(
    accountVerificationRoutes(
      new InternalVerificationService(database.db, config.authSecret),
      sensitiveActions,
    ),
  );
  await app.register(supportAccessRoutes(new SupportAccessService(database.db, config, mailer)));
  // Accounts part 2: API-key management, backup-code calls of the second factor (decision 009).
  await app.register(apiKeysFeature(database.db));
  await app.register(twoFactorFeature(auth, database.db, phoneFactor, sensitiveActions));
  await app.register(socialSignInRoutes(config.social, config.appealUrl));
  // End of accounts part 2.
  registerLiveRoutes(app, bus, {
    authenticate: (headers) => resolvePrincipal(auth, database.db, headers),
    workspaceIds: (userId) => users.workspaceIds(userId),
  });
  // Speech: voices, models, text to speech, OpenAI-compatible /v1/audio/speech (features/{voices,models,tts}).
  const history = new HistoryService(database.db, new LocalFileStorage(config.filesDir), usage);
  const speech = await registerSpeechFeatures(app, config, { usage, history, db: database.db });
  await app.register(historyRoutes(history));
  // Share links of history items, their public page's API, the public user name (features/sharing).
  const files = new LocalFileStorage(config.filesDir);
  await app.register(sharingRoutes(new SharingService(database.db, files, usage, config.publicUrl)));
  app.addHook('onClose', async () => usage.stop());
  // End of speech.
  if (config.mail.transport === 'outbox') {
    registerMailboxRoutes(app, database.db, { allowRemote: config.mailboxAllowRemote });
  }
  if (config.sms.transport === 'outbox') {
    registerSmsOutboxRoutes(app, database.db, { allowRemote: config.mailboxAllowRemote });
  }
  await app.register(billingFeature(billing, database.db));
  registerNotFound(app, web?.fallback);

  return {
    app,
    auth,
    bus,
    mailer,
    messages,
    users,
    lifecycle,
    speech,
    usage,
    history,
    billing,
    accountFeatures,
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
