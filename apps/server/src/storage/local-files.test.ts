import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStorageContract } from './file-storage.contract';
import { LocalFileStorage } from './local-files';

const root = mkdtempSync(path.join(os.tmpdir(), 'vocalis-local-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

fileStorageContract('local folder', () => new LocalFileStorage(root));

describe('local folder: the start-up check', () => {
  it('creates the folder when it is missing', async () => {
    const dir = path.join(root, 'not', 'yet', 'there');
    await new LocalFileStorage(dir).check();
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});
