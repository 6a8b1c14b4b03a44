/** File storage behind one small interface; the local-disk implementation keeps files under a root. */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

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

/** A stored file: its size, and a stream of bytes start..end (inclusive), the whole file by default. */
export type StoredFile = { size: number; read(range?: { start: number; end: number }): Readable };

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under `root` (config.filesDir); keys are relative paths with `/` separators. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys are built by the server, but never let one escape the root.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.resolve(key)));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.resolve(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const file = this.resolve(key);
    try {
      const { size } = await stat(file);
      return { size, read: (range) => createReadStream(file, range) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }
}
