import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { passwordRequirementsError } from '@vocalis/domain/password-rules';
import { z } from 'zod';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { createApiKey } from '../features/api-keys/api-keys.service';
import type { MessagesService } from '../features/messages/messages.service';
import type { UserService } from '../features/user/user.service';
import { ACCOUNT_STATES, type AccountState } from '../db/schema/user-profiles';
import { migrateJobs } from '../jobs/runner';
import { TIERS } from '@vocalis/contracts/billing';
import { memberWorkspace } from '../features/billing/billing.repo';
import { upsertCoupon } from '../features/billing/coupons.repo';
import { EventBus } from '../live/event-bus';
import { setInactivityTimeout } from '../auth/session-activity.repo';
import { visibleName } from '@vocalis/contracts/visible-name';

export type AdminContext = {
  config: Config;
  database: Database;
  auth: Auth;
  messages: MessagesService;
  users: UserService;
  log: Parameters<typeof migrateJobs>[1];
};

export type AdminResult = { exitCode: number; stdout: string[]; stderr: string[] };

export class UsageError extends Error {}

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  migrate                                       apply database migrations
  create-user --email E --password P [--name N] [--verified]
                                                create a user; prints the user id last
  create-api-key --email E [--name N]           create an xi-api-key; prints the key last
  list-users                                    list users
  set-account-state --email E --state active|disabled|banned|deleted [--reason R]
                                                block or restore an account; a blocked account's sessions end
  set-plan --email E --tier T [--period monthly|annual]
                                                put the user's current workspace on a plan without a card
                                                (tiers: free starter creator pro growing_business scale_2024_08_10 enterprise trial)
  set-session-timeout --email E --seconds N|none
                                                end the user's current workspace's sessions after N idle seconds (none: never)
  create-coupon --code C (--amount-off CENTS | --percent-off N) [--months N] [--expires ISO-DATE] [--max-redemptions N]
                                                create or replace a promo code
  notify (--email E | --all) --title T [--description D] [--severity info|success|warning|error] [--needs-attention]
                                                send a notification; prints the message ids last`;

const email = z.email('is not a valid email address');
const severity = z.enum(['info', 'success', 'warning', 'error']);

type Handler = (ctx: AdminContext, args: string[], out: (s: string) => void) => Promise<void>;

const options = {
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  verified: { type: 'boolean' },
  all: { type: 'boolean' },
  title: { type: 'string' },
  description: { type: 'string' },
  severity: { type: 'string' },
  'needs-attention': { type: 'boolean' },
  state: { type: 'string' },
  reason: { type: 'string' },
  tier: { type: 'string' },
  period: { type: 'string' },
  code: { type: 'string' },
  'amount-off': { type: 'string' },
  'percent-off': { type: 'string' },
  months: { type: 'string' },
  expires: { type: 'string' },
  'max-redemptions': { type: 'string' },
  seconds: { type: 'string' },
} as const;

function flags(args: string[], allowed: (keyof typeof options)[]) {
  const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
  if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  for (const key of Object.keys(values)) {
    if (!allowed.includes(key as keyof typeof options)) throw new UsageError(`Unknown option --${key}`);
  }
  return values;
}

function need<T>(value: T | undefined, name: string, schema?: z.ZodType<T>): T {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  if (schema) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new UsageError(`--${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
  }
  return value;
}

async function userByEmail(ctx: AdminContext, address: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
  if (!user) throw new UsageError(`No user with email ${address}`);
  return user;
}

const handlers: Record<string, Handler> = {
  async migrate(ctx, args, out) {
    flags(args, []);
    await ctx.database.migrate();
    await migrateJobs(ctx.database, ctx.log);
    out('Migrations applied.');
  },
  async 'create-user'(ctx, args, out) {
    const v = flags(args, ['email', 'password', 'name', 'verified']);
    const address = need(v.email, 'email', email).toLowerCase();
    const password = need(v.password, 'password');
    const weak = passwordRequirementsError(password);
    if (weak) throw new UsageError(`--password: ${weak}`);
    const existing = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, address));
    if (existing.length) throw new UsageError(`A user with email ${address} already exists`);
    const { user } = await ctx.auth.api.signUpEmail({
      body: { email: address, password, name: v.name ?? address.split('@')[0]! },
    });
    if (v.verified)
      await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    out(`Created user ${address}${v.verified ? ' (verified)' : ''}`);
    out(user.id);
  },
  async 'create-api-key'(ctx, args, out) {
    const v = flags(args, ['email', 'name']);
    const user = await userByEmail(ctx, need(v.email, 'email', email));
    // The same name rule as the API (no bidi overrides or invisible characters).
    const name = v.name === undefined ? 'Admin CLI' : need(v.name, 'name', visibleName(100)).trim();
    const key = await createApiKey(ctx.database.db, user.id, name);
    out(`Created API key ${key.preview} for ${user.email}; it is shown once:`);
    out(key.key);
  },
  async 'list-users'(ctx, args, out) {
    flags(args, []);
    const rows = await ctx.database.db.select().from(users).orderBy(asc(users.createdAt));
    out(['id'.padEnd(22), 'email'.padEnd(36), 'verified', 'created'].join(' '));
    for (const u of rows) {
      out(
        [
          u.id.padEnd(22),
          u.email.padEnd(36),
          (u.emailVerified ? 'yes' : 'no').padEnd(8),
          u.createdAt.toISOString(),
        ].join(' '),
      );
    }
    out(`${rows.length} user${rows.length === 1 ? '' : 's'}`);
  },
  async 'set-account-state'(ctx, args, out) {
    const v = flags(args, ['email', 'state', 'reason']);
    const user = await userByEmail(ctx, need(v.email, 'email', email));
    const state = need(v.state, 'state', z.enum(ACCOUNT_STATES)) as AccountState;
    await ctx.users.setAccountState(user.id, state, v.reason);
    out(`${user.email} is now ${state}`);
  },
  async 'set-plan'(ctx, args, out) {
    const v = flags(args, ['email', 'tier', 'period']);
    const user = await userByEmail(ctx, need(v.email, 'email', email));
    const tier = need(v.tier, 'tier', z.enum(TIERS, 'must be one of ' + TIERS.join(', ')));
    const period =
      v.period === undefined ? 'monthly' : need(v.period, 'period', z.enum(['monthly', 'annual']));
    const ws = await memberWorkspace(ctx.database.db, user.id);
    if (!ws) throw new UsageError(`${user.email} has no workspace`);
    // The period-end job is scheduled with the plan: graphile-worker's schema must exist.
    await migrateJobs(ctx.database, ctx.log);
    // Loaded here: the billing feature pulls in the Stripe SDK, which other commands do not need.
    const { createBilling } = await import('../features/billing/create-billing');
    const billing = createBilling({
      db: ctx.database.db,
      config: ctx.config,
      bus: new EventBus(),
      log: ctx.log,
    });
    await billing.service.setPlan(ws.id, tier, period === 'annual' ? 'annual_period' : 'monthly_period');
    out(`${user.email}'s workspace ${ws.id} is now on ${tier}${tier === 'free' ? '' : ` (${period})`}`);
  },
  async 'set-session-timeout'(ctx, args, out) {
    const v = flags(args, ['email', 'seconds']);
    const user = await userByEmail(ctx, need(v.email, 'email', email));
    const raw = need(
      v.seconds,
      'seconds',
      z.string().regex(/^(none|[1-9]\d{0,8})$/, 'must be a whole number of at least 1, or none'),
    );
    const seconds = raw === 'none' ? null : Number(raw);
    const ws = await memberWorkspace(ctx.database.db, user.id);
    if (!ws) throw new UsageError(`${user.email} has no workspace`);
    await setInactivityTimeout(ctx.database.db, ws.id, seconds);
    out(
      `${user.email}'s workspace ${ws.id}: ${seconds === null ? 'sessions do not end for idling' : `idle sessions end after ${seconds} s`}`,
    );
  },
  async 'create-coupon'(ctx, args, out) {
    const v = flags(args, ['code', 'amount-off', 'percent-off', 'months', 'expires', 'max-redemptions']);
    const code = need(
      v.code,
      'code',
      z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'may hold letters, digits, - and _'),
    );
    if (!v['amount-off'] === !v['percent-off'])
      throw new UsageError('Give exactly one of --amount-off or --percent-off');
    const int = z.string().regex(/^[1-9]\d{0,8}$/, 'must be a whole number of at least 1');
    const percent = z
      .string()
      .regex(/^\d{1,3}(\.\d+)?$/, 'must be a number')
      .refine((p) => Number(p) > 0 && Number(p) <= 100, 'must be above 0 and at most 100');
    const amountOff = v['amount-off'] ? Number(need(v['amount-off'], 'amount-off', int)) : null;
    const percentOff = v['percent-off'] ? Number(need(v['percent-off'], 'percent-off', percent)) : null;
    const months = v.months ? Number(need(v.months, 'months', int)) : 1;
    const day = z.iso.datetime({ offset: true }).or(z.iso.date());
    const expires = v.expires ? new Date(need(v.expires, 'expires', day)) : null;
    const maxUses = v['max-redemptions'];
    const max = maxUses ? Number(need(maxUses, 'max-redemptions', int)) : null;
    await upsertCoupon(ctx.database.db, {
      code,
      amountOffCents: amountOff,
      percentOff,
      durationInMonths: months,
      extended: true,
      expiresAt: expires,
      maxRedemptions: max,
    });
    out(`Coupon ${code}: ${amountOff ? `${amountOff} cents` : `${percentOff}%`} off for ${months} month(s)`);
  },
  async notify(ctx, args, out) {
    const v = flags(args, ['email', 'all', 'title', 'description', 'severity', 'needs-attention']);
    if (!v.all === !v.email) throw new UsageError('Give exactly one of --email or --all');
    const title = need(v.title, 'title');
    const sev = v.severity === undefined ? 'info' : need(v.severity, 'severity', severity);
    const recipients = v.all
      ? (await ctx.database.db.select({ id: users.id }).from(users)).map((u) => u.id)
      : [(await userByEmail(ctx, need(v.email, 'email', email))).id];
    const sent = await ctx.messages.notify(recipients, {
      severity: sev as z.infer<typeof severity>,
      title,
      description: v.description,
      needsAttention: v['needs-attention'] ?? false,
    });
    out(`Sent ${sent.length} notification${sent.length === 1 ? '' : 's'}`);
    out(sent.map((m) => m.message_id).join(','));
  },
};

/** Runs one admin command; never throws (errors become stderr and a non-zero exit code). */
export async function runAdminCommand(ctx: AdminContext, argv: string[]): Promise<AdminResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const [name, ...args] = argv;
  const handler = name ? handlers[name] : undefined;
  if (!handler) {
    stderr.push(name ? `Unknown command: ${name}` : 'No command given', '', USAGE);
    return { exitCode: 64, stdout, stderr };
  }
  try {
    await handler(ctx, args, (s) => stdout.push(s));
    return { exitCode: 0, stdout, stderr };
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      stderr.push(`Error: ${(err as Error).message}`);
      return { exitCode: 64, stdout, stderr };
    }
    ctx.log.error({ err }, 'admin command failed');
    stderr.push(`Error: ${(err as Error).message}`);
    return { exitCode: 1, stdout, stderr };
  }
}
