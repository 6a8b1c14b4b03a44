/** The environment the server reads (config.ts turns it into the Config the app is built from). */
import { z } from 'zod';

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
