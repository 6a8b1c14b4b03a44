import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-files';
import { S3FileStorage } from './s3-files';
import type { StorageConfig } from './storage-url';

/** The configured file store, and how to let go of it when the app closes. */
export function createFileStorage(storage: StorageConfig): { files: FileStorage; close(): void } {
  if (storage.kind === 'local') return { files: new LocalFileStorage(storage.dir), close: () => undefined };
  const { kind: _kind, ...options } = storage;
  const files = new S3FileStorage(options);
  return { files, close: () => files.close() };
}
