import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envSchema, type Env } from './config-env';
import { parseStorageUrl, type StorageConfig } from './storage/storage-url';

export { envSchema, type Env };

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** This machine's folder for caches (voice previews); shared files go to `storage`. */
  filesDir: string;
  /** History audio and other files every node must see: a folder, or an S3-compatible bucket. */
  storage: StorageConfig;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  logLevel: Env['LOG_LEVEL'];
  corsOrigins: string[];
  /** Origins whose browsers may use cookie sessions and live updates: PUBLIC_URL (with its loopback aliases), CORS_ORIGINS. */
  trustedOrigins: string[];
  authSecret: string;
  /** Keys the inaudible watermark of every generated audio (decision 100); all nodes must share it. */
  watermarkKey: string;
  mail: { transport: 'outbox' } | { transport: 'smtp'; smtpUrl: string };
  mailFrom: string;
  /** The appeal link shown with the suspended-account notice. */
  appealUrl: string;
  worker: { inProcess: boolean; concurrency: number };
  webDistDir: string;
  trustProxy: boolean;
  mailboxAllowRemote: boolean;
  /** Failed sign-ins allowed per account and per IP address within one window (accounts.md §8). */
  signInLimits: { perAccount: number; perIp: number; windowSeconds: number };
  /** Mails per recipient address and per client IP in a fixed window (mail/mail-limits.ts). */
  mailLimits: { perAddress: number; perIp: number; windowSeconds: number };
  /** Remote OpenAI-compatible speech server, when one is configured. */
  speechHttp?: { url: string; model: string; apiKey?: string };
  /** The remote transcription server, when STT_HTTP_URL is set. */
  sttHttp?: { url: string; model: string; apiKey?: string; languages: string[] | 'any' };
  /** Whether URLs users give may reach private and loopback addresses (lib/public-fetch.ts). */
  outboundAllowPrivate: boolean;
  /** Twilio's REST API for agents' phone calls (TWILIO_API_URL; decision 226). */
  twilioApiUrl: string;
  /** The inbound SIP listener (SIP_PORT, SIP_HOST, SIP_ADDRESS; decision 255), when SIP_PORT is set. */
  sip?: { port: number; host: string; address: string };
  /** Workspace SSO may reach identity providers on private addresses (or OUTBOUND_ALLOW_PRIVATE). */
  ssoAllowPrivateIssuers: boolean;
  /** The resolvers that check domain-verification TXT records (decision 161); empty: the system's. */
  dnsServers: string[];
  /** Voice cloning inference server (decision 076), when one is configured. */
  speechClone?: { url: string; apiKey?: string; timeoutMs: number };
  /** How long requests in flight may take to finish at shutdown before their connections are closed. */
  shutdownGraceMs: number;
  /** Speech-to-speech (voice conversion) server (decision 095), when one is configured. */
  speechSts?: { url: string; apiKey?: string };
  /** Sound-effects server (decision 103), when one is configured. */
  soundServer?: { url: string; apiKey?: string };
  /** Dubbing's remote translators (decision 140), when configured. */
  translateHttp?: { url: string; apiKey?: string };
  translateChat?: { url: string; model: string; apiKey?: string; languages: string[] };
  /** Speech worker threads; 0 = synthesize on the main thread. */
  speechWorkers: number;
  /** Whether an installed RHVoice is used (`off`: the voices stay on Flite). */
  speechRhvoice: 'auto' | 'off';
  /** The card processor; stripe needs its secret key and webhook secret. */
  billing:
    { provider: 'local' } | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Social sign-in providers that are configured (and so offered). */
  social: SocialConfig;
  /** Lower-case e-mail domains of staff accounts. */
  staffEmailDomains: string[];
  sms:
    | { transport: 'outbox' }
    | { transport: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };
};

export type SocialConfig = {
  google?: { clientId: string; clientSecret: string; issuer: string };
  github?: { clientId: string; clientSecret: string; webUrl: string; apiUrl: string };
  apple?: { clientId: string; clientSecret: string; issuer: string };
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe',
    );
  }
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  if (e.SMS_TRANSPORT === 'twilio' && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_TRANSPORT=twilio',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let storage: StorageConfig;
  try {
    storage = parseStorageUrl(e.STORAGE_URL, dataDir);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${(err as Error).message}`);
  }
  const trim = (url: string) => url.replace(/\/$/, '');
  const publicUrl = trim(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const corsOrigins = e.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    storage,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    logLevel: e.LOG_LEVEL,
    corsOrigins,
    trustedOrigins: [...originsOf(publicUrl), ...corsOrigins],
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir, 'auth-secret'),
    watermarkKey: e.WATERMARK_KEY ?? persistentSecret(dataDir, 'watermark-key'),
    mail: e.MAIL_TRANSPORT === 'smtp' ? { transport: 'smtp', smtpUrl: e.SMTP_URL! } : { transport: 'outbox' },
    mailFrom: e.MAIL_FROM,
    appealUrl:
      e.APPEAL_URL ??
      `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}?subject=${encodeURIComponent('Appeal of account suspension')}`,
    worker: { inProcess: e.WORKER_IN_PROCESS, concurrency: e.WORKER_CONCURRENCY },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    mailboxAllowRemote: e.MAILBOX_ALLOW_REMOTE,
    signInLimits: {
      perAccount: e.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.SIGN_IN_MAX_FAILURES_PER_IP,
      windowSeconds: e.SIGN_IN_LOCKOUT_WINDOW_SECONDS,
    },
    mailLimits: {
      perAddress: e.MAIL_MAX_PER_ADDRESS,
      perIp: e.MAIL_MAX_PER_IP,
      windowSeconds: e.MAIL_LIMIT_WINDOW_SECONDS,
    },
    social: {
      ...(e.GOOGLE_CLIENT_ID &&
        e.GOOGLE_CLIENT_SECRET && {
          google: {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: trim(e.GOOGLE_ISSUER),
          },
        }),
      ...(e.GITHUB_CLIENT_ID &&
        e.GITHUB_CLIENT_SECRET && {
          github: {
            clientId: e.GITHUB_CLIENT_ID,
            clientSecret: e.GITHUB_CLIENT_SECRET,
            webUrl: trim(e.GITHUB_URL),
            apiUrl: trim(e.GITHUB_API_URL),
          },
        }),
      ...(e.APPLE_CLIENT_ID &&
        e.APPLE_CLIENT_SECRET && {
          apple: {
            clientId: e.APPLE_CLIENT_ID,
            clientSecret: e.APPLE_CLIENT_SECRET,
            issuer: trim(e.APPLE_ISSUER),
          },
        }),
    },
    staffEmailDomains: e.STAFF_EMAIL_DOMAINS.split(',')
      .map((d) => d.trim().replace(/^@/, '').toLowerCase())
      .filter(Boolean),
    sms:
      e.SMS_TRANSPORT === 'twilio'
        ? {
            transport: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiUrl: trim(e.TWILIO_API_URL),
          }
        : { transport: 'outbox' },
    speechWorkers: e.SPEECH_WORKERS ?? os.availableParallelism(),
    speechRhvoice: e.SPEECH_RHVOICE,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    twilioApiUrl: trim(e.TWILIO_API_URL),
    ...(e.SIP_PORT !== undefined && {
      sip: { port: e.SIP_PORT, host: e.SIP_HOST, address: e.SIP_ADDRESS ?? sipAddress(e.SIP_HOST) },
    }),
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS || e.OUTBOUND_ALLOW_PRIVATE,
    dnsServers: e.DNS_SERVERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    ...(e.SPEECH_CLONE_URL && {
      speechClone: {
        url: e.SPEECH_CLONE_URL,
        apiKey: e.SPEECH_CLONE_API_KEY,
        timeoutMs: e.SPEECH_CLONE_TIMEOUT_MS,
      },
    }),
    ...(e.STT_HTTP_URL && {
      sttHttp: {
        url: e.STT_HTTP_URL,
        model: e.STT_HTTP_MODEL,
        apiKey: e.STT_HTTP_API_KEY,
        languages: e.STT_HTTP_LANGUAGES.trim()
          ? e.STT_HTTP_LANGUAGES.split(',')
              .map((l) => l.trim().toLowerCase())
              .filter(Boolean)
          : ('any' as const),
      },
    }),
    ...(e.SPEECH_STS_URL && { speechSts: { url: e.SPEECH_STS_URL, apiKey: e.SPEECH_STS_API_KEY } }),
    ...(e.SFX_HTTP_URL && { soundServer: { url: e.SFX_HTTP_URL, apiKey: e.SFX_HTTP_API_KEY } }),
    ...(e.TRANSLATE_HTTP_URL && {
      translateHttp: { url: e.TRANSLATE_HTTP_URL, apiKey: e.TRANSLATE_HTTP_API_KEY },
    }),
    ...(e.TRANSLATE_CHAT_URL && {
      translateChat: {
        url: e.TRANSLATE_CHAT_URL,
        model: e.TRANSLATE_CHAT_MODEL,
        apiKey: e.TRANSLATE_CHAT_API_KEY,
        languages: e.TRANSLATE_CHAT_LANGUAGES.split(',')
          .map((l) => l.trim().toLowerCase())
          .filter(Boolean),
      },
    }),
    ...(e.SPEECH_HTTP_URL && {
      speechHttp: { url: e.SPEECH_HTTP_URL, model: e.SPEECH_HTTP_MODEL, apiKey: e.SPEECH_HTTP_API_KEY },
    }),
    billing:
      e.PAYMENT_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'local' },
  };
}

// A self-hosted install should not need a secret to start; one is made once and kept beside the data.
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For entry points: the config, or the process exits 78 (EX_CONFIG) with the message naming the variable. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The public URL's origin and, when it is a loopback address, the same port under the other loopback
 * names: `npm start` says http://localhost:8080, and a browser opened at http://127.0.0.1:8080 must not
 * be refused sign-in as a foreign origin.
 */
export function originsOf(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [
    url.origin,
    ...LOOPBACK_HOSTS.filter((h) => h !== url.hostname).map((h) => `${url.protocol}//${h}${port}`),
  ];
}

/** The address a SIP peer can reach us at when SIP_ADDRESS is not given. */
function sipAddress(host: string): string {
  if (host !== '0.0.0.0') return host;
  const ipv4 = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  return ipv4?.address ?? '127.0.0.1';
}
