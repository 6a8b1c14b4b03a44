import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// better-auth's jwt plugin (model name "jwk", plural "jwks"): the key pairs that sign the web app's
// short-lived session bearer tokens (decision 021). The private key is stored encrypted under AUTH_SECRET
// by the plugin; the public key is a JWK in JSON.
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});
