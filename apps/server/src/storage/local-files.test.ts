import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { fileStorageContract } from './file-storage.contract';
import { LocalFileStorage } from './local-files';

const root = mkdtempSync(path.join(os.tmpdir(), 'vocalis-local-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

fileStorageContract('local folder', () => new LocalFileStorage(root));
