import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-files';
import { S3FileStorage } from './s3-files';
import type { StorageConfig } from './storage-url';

export type ConfiguredStorage = {
  files: FileStorage;
  /** Rejects with an operator-readable message when the store cannot be used (run before listening). */
  check(): Promise<void>;
  /** Lets go of connections when the app closes. */
  close(): void;
};

/** The store STORAGE_URL names: a local folder, or an S3-compatible bucket. */
export function createFileStorage(storage: StorageConfig): ConfiguredStorage {
  if (storage.kind === 'local') {
    const files = new LocalFileStorage(storage.dir);
    return { files, check: () => files.check(), close: () => undefined };
  }
  const { kind: _kind, ...options } = storage;
  const files = new S3FileStorage(options);
  return { files, check: () => files.check(), close: () => files.close() };
}
