import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { schema } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword, verifyPassword } from './passwords';

export type Auth = ReturnType<typeof createAuth>;

/** better-auth over our drizzle schema: email/password sessions (cookie, or bearer for the web app's API calls). */
export function createAuth(db: AppDb, config: Config) {
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
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    telemetry: { enabled: false },
    plugins: [bearer()],
  });
}
