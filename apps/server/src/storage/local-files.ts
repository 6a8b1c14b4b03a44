import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage, type StoredFile } from './file-storage';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under `root` (config.filesDir); keys are relative paths with `/` separators. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    // Keys are built by the server, but never let one escape the root.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  /** Creates the folder if needed and fails unless this process may write there. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
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
