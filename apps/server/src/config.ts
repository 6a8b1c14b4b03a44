import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type StorageConfig } from './storage/storage-url';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. README's table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key of the watermark in generated audio (decision 100). Default: made once, kept in DATA_DIR/watermark-key. */
  WATERMARK_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vocalis <no-reply@vocalis.local>'),
  /** Where a suspended account appeals (accounts.md §6): a web page or a mailto: address. Default: mail to MAIL_FROM's address. */
  APPEAL_URL: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  /** Where files live (decision 029): unset = DATA_DIR/files; file:///folder; s3://[key:secret@]bucket[/prefix]?endpoint=…&region=… */
  STORAGE_URL: z.string().optional(),
  WORKER_IN_PROCESS: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  MAILBOX_ALLOW_REMOTE: bool.default(false),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  SIGN_IN_LOCKOUT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Outgoing mail per recipient address and per client IP (decision 030).
  MAIL_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  MAIL_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  MAIL_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  // A remote OpenAI-compatible speech server (POST /v1/audio/speech), offered as model vocalis_http_v1.
  SPEECH_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SPEECH_HTTP_MODEL: z.string().min(1).default('tts-1'),
  SPEECH_HTTP_API_KEY: z.string().min(1).optional(),
  // An OpenAI-compatible transcription server (POST /v1/audio/transcriptions, decision 090), e.g. faster-whisper.
  STT_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  STT_HTTP_MODEL: z.string().min(1).default('whisper-1'),
  STT_HTTP_API_KEY: z.string().min(1).optional(),
  /** Comma-separated ISO 639-1 codes the server handles; empty: any (whisper models detect ~100). */
  STT_HTTP_LANGUAGES: z.string().default(''),
  // URLs users give (cloud_storage_url, …) may reach private and loopback addresses (decision 044).
  OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  /** Workspace identity providers may be on private networks (an on-premises IdP; the e2e run's stand-in). */
  SSO_ALLOW_PRIVATE_ISSUERS: bool.default(false),
  /** DNS servers for domain verification (comma-separated host or host:port); empty: the system's. */
  DNS_SERVERS: z.string().default(''),
  // A voice cloning inference server (decision 076): cloned voices speak through it when set.
  SPEECH_CLONE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SPEECH_CLONE_API_KEY: z.string().min(1).optional(),
  SPEECH_CLONE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  // On shutdown, requests in flight get this long to finish; then their connections are closed (a client that
  // stops reading a stream must not hold the process up).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  SPEECH_STS_URL: z.url({ protocol: /^https?$/ }).optional(),
  SPEECH_STS_API_KEY: z.string().min(1).optional(),
  // A generative sound-effects server (decision 103), speaking ElevenLabs' sound-generation call.
  SFX_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SFX_HTTP_API_KEY: z.string().min(1).optional(),
  // Dubbing's translators besides the built-in Apertium (decision 140): a LibreTranslate-compatible server and
  // an OpenAI-compatible chat model trusted with the languages listed (comma-separated ISO 639-1 codes).
  TRANSLATE_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSLATE_HTTP_API_KEY: z.string().min(1).optional(),
  TRANSLATE_CHAT_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSLATE_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  TRANSLATE_CHAT_API_KEY: z.string().min(1).optional(),
  TRANSLATE_CHAT_LANGUAGES: z.string().default('en,es,fr,de,it,pt'),
  /** Worker threads that synthesize and encode speech (default: one per core); 0 runs it on the main thread. */
  SPEECH_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** RHVoice (scripts/setup-voices.sh): `auto` uses it when installed, `off` ignores it. */
  SPEECH_RHVOICE: z.enum(['auto', 'off']).default('auto'),
  // Billing (decision 015): the embedded card processor with test cards, or Stripe.
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host (a local fake in tests, a proxy): https://host:port. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Social sign-in (accounts.md §1): each provider is offered only when its client id and secret are set.
  // The issuer / base URLs default to the real providers; tests point them at a local OIDC provider.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** Apple's client secret is a JWT signed with the team's key (generated outside Vocalis). */
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  /** Staff accounts (accounts.md §6): verified e-mail addresses at these domains are internal. */
  STAFF_EMAIL_DOMAINS: z.string().default(''),
  // Phone second factor: codes go to the outbox (visible at /dev/sms) or through Twilio's REST API.
  SMS_TRANSPORT: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** Inbound SIP calls (decision 255): the UDP port SIP trunks send INVITEs to; unset: no SIP listener. */
  SIP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SIP_HOST: z.string().min(1).default('0.0.0.0'),
  /** The address put in Contact and SDP answers (default: SIP_HOST, or this machine's first IPv4 address). */
  SIP_ADDRESS: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

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
