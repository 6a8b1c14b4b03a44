import type { Readable } from 'node:stream';

/**
 * Where the server keeps files (history audio, exports): a local folder by default, an S3-compatible
 * bucket when STORAGE_URL names one (decision 029). Keys are relative paths with `/` separators.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file as a stream with its size, or null when there is none. */
  stream(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size and a reader of all or part of it (byte ranges for seeking), or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A stored file: its size, and a stream of bytes start..end (inclusive), the whole file by default.
 * The stream starts reading when consumed; a failure to read surfaces as a stream error.
 */
export type StoredFile = { size: number; read(range?: { start: number; end: number }): Readable };

/** Rejects keys that could name something outside the store (absolute, `..`, empty segments). */
export function assertStorageKey(key: string): void {
  const parts = key.split('/');
  if (
    !key ||
    key.startsWith('/') ||
    parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))
  )
    throw new Error(`invalid storage key: ${key}`);
}
