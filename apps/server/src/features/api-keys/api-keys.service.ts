import { createHash, randomBytes } from 'node:crypto';
import type { AppDb } from '../../db/client';
import { newId } from '../../lib/ids';
import { findApiKeyByHash, insertApiKey, touchApiKey } from './api-keys.repo';

const LAST_USED_PRECISION_MS = 60_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Creates an xi-api-key for a user; the plain key is returned once and only its hash is kept. */
export async function createApiKey(db: AppDb, userId: string, name: string) {
  const key = `sk_${randomBytes(24).toString('hex')}`;
  const [row] = await insertApiKey(db, {
    id: newId(),
    userId,
    name,
    keyHash: hashKey(key),
    keyPreview: `${key.slice(0, 3)}...${key.slice(-4)}`,
  });
  return { id: row!.id, key, preview: row!.keyPreview };
}

/** Resolves an xi-api-key to its owner, recording when it was last used. */
export async function authenticateApiKey(
  db: AppDb,
  key: string,
): Promise<{ userId: string; keyId: string } | null> {
  if (!/^sk_[0-9a-f]{48}$/.test(key)) return null;
  const row = await findApiKeyByHash(db, hashKey(key));
  if (!row || (row.ownerState !== null && row.ownerState !== 'active')) return null;
  // Last-used is informational (minute precision): never fail or delay the request for it, and do not
  // turn every authenticated read into a write.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    void touchApiKey(db, row.id).catch(() => undefined);
  }
  return { userId: row.userId, keyId: row.id };
}
