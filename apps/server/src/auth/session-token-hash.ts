import { createHash } from 'node:crypto';
import type { DBAdapter, Where } from '@better-auth/core/db/adapter';
import type { BetterAuthOptions } from 'better-auth';

/**
 * Session tokens are kept only as SHA-256 hashes (decision 033): `sessions.token` holds the hash, the browser
 * and API clients hold the token. better-auth (1.7) has no option for this, so its database adapter is
 * wrapped: a token written is hashed, a token looked for is hashed before the lookup, and a row found by a
 * token carries that token again, so better-auth signs the same cookie it always did. A copy of the table
 * therefore holds nothing that opens a session: a stored hash given as a token is hashed once more.
 */

/** What `sessions.token` stores for a session token: its SHA-256, hex. */
export function storedSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const MODEL = 'session';
const FIELD = 'token';

type Adapter = DBAdapter<BetterAuthOptions>;
type Row = Record<string, unknown> | null | undefined;

/** The where clauses with token values hashed; `tokens` maps each stored hash to the token it came from. */
function hashWhere(where: Where[] | undefined, tokens: Map<string, string>): Where[] | undefined {
  return where?.map((w) => {
    if (w.field !== FIELD || w.value === null) return w;
    const hash = (v: string) => {
      const stored = storedSessionToken(v);
      tokens.set(stored, v);
      return stored;
    };
    if (Array.isArray(w.value)) return { ...w, value: (w.value as string[]).map((v) => hash(String(v))) };
    return { ...w, value: hash(String(w.value)) };
  });
}

/** A row found by its token gets the token back in place of the hash. */
function restore<T extends Row>(row: T, tokens: Map<string, string>): T {
  if (!row || typeof row[FIELD] !== 'string') return row;
  const token = tokens.get(row[FIELD]);
  return token ? { ...row, [FIELD]: token } : row;
}

function hashUpdate(update: Record<string, unknown>): Record<string, unknown> {
  return typeof update[FIELD] === 'string'
    ? { ...update, [FIELD]: storedSessionToken(update[FIELD]) }
    : update;
}

/** The same adapter (and its transactions) with session tokens hashed at rest. */
function wrap<A extends Omit<Adapter, 'transaction'> & Partial<Pick<Adapter, 'transaction'>>>(adapter: A): A {
  const wrapped: A = {
    ...adapter,
    async create(data) {
      if (data.model !== MODEL || typeof data.data[FIELD] !== 'string') return adapter.create(data);
      const token = data.data[FIELD] as string;
      const row = await adapter.create({
        ...data,
        data: { ...data.data, [FIELD]: storedSessionToken(token) },
      });
      return row && typeof row === 'object' ? { ...row, [FIELD]: token } : row;
    },
    async findOne(data) {
      if (data.model !== MODEL) return adapter.findOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.findOne({ ...data, where: hashWhere(data.where, tokens)! });
      return restore(row as Row, tokens) as typeof row;
    },
    async findMany(data) {
      if (data.model !== MODEL) return adapter.findMany(data);
      const tokens = new Map<string, string>();
      const rows = await adapter.findMany({ ...data, where: hashWhere(data.where, tokens) });
      return rows.map((r) => restore(r as Row, tokens)) as typeof rows;
    },
    count(data) {
      if (data.model !== MODEL) return adapter.count(data);
      return adapter.count({ ...data, where: hashWhere(data.where, new Map()) });
    },
    async update(data) {
      if (data.model !== MODEL) return adapter.update(data);
      const tokens = new Map<string, string>();
      const row = await adapter.update({
        ...data,
        where: hashWhere(data.where, tokens)!,
        update: hashUpdate(data.update),
      });
      return restore(row as Row, tokens) as typeof row;
    },
    updateMany(data) {
      if (data.model !== MODEL) return adapter.updateMany(data);
      return adapter.updateMany({
        ...data,
        where: hashWhere(data.where, new Map())!,
        update: hashUpdate(data.update),
      });
    },
    delete(data) {
      if (data.model !== MODEL) return adapter.delete(data);
      return adapter.delete({ ...data, where: hashWhere(data.where, new Map())! });
    },
    deleteMany(data) {
      if (data.model !== MODEL) return adapter.deleteMany(data);
      return adapter.deleteMany({ ...data, where: hashWhere(data.where, new Map())! });
    },
    async consumeOne(data) {
      if (data.model !== MODEL) return adapter.consumeOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.consumeOne({ ...data, where: hashWhere(data.where, tokens)! });
      return restore(row as Row, tokens) as typeof row;
    },
    async incrementOne(data) {
      if (data.model !== MODEL) return adapter.incrementOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.incrementOne({ ...data, where: hashWhere(data.where, tokens)! });
      return restore(row as Row, tokens) as typeof row;
    },
  };
  if (adapter.transaction) {
    const transaction = adapter.transaction.bind(adapter);
    (wrapped as Adapter).transaction = (callback) => transaction((trx) => callback(wrap(trx)));
  }
  return wrapped;
}

/** Wraps better-auth's database adapter factory so session tokens are stored hashed. */
export function hashSessionTokens(
  factory: (options: BetterAuthOptions) => Adapter,
): (options: BetterAuthOptions) => Adapter {
  return (options) => wrap(factory(options));
}
