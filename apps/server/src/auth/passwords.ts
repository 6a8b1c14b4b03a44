import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verifies a password against an argon2id hash; a malformed hash is a mismatch, not a crash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
