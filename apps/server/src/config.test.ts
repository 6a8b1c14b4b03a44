import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, originsOf } from './config';

const base = { DATA_DIR: '/tmp/vocalis-config-test', AUTH_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const c = loadConfig(base);
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'pglite', dataDir: path.resolve('/tmp/vocalis-config-test/db') });
    expect(c.filesDir).toBe(path.resolve('/tmp/vocalis-config-test/files'));
    expect(c.mail).toEqual({ transport: 'outbox' });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.worker.inProcess).toBe(true);
  });

  it('keeps files in DATA_DIR/files unless STORAGE_URL names a bucket', () => {
    expect(loadConfig(base).storage).toEqual({
      kind: 'local',
      dir: path.resolve('/tmp/vocalis-config-test/files'),
    });
    expect(
      loadConfig({ ...base, STORAGE_URL: 's3://audio?endpoint=http://minio:9000' }).storage,
    ).toMatchObject({
      kind: 's3',
      bucket: 'audio',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/app',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MAIL_TRANSPORT: 'pigeon' }, 'MAIL_TRANSPORT'],
    [{ MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ WORKER_IN_PROCESS: 'maybe' }, 'WORKER_IN_PROCESS'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ APPEAL_URL: 'javascript:alert(1)' }, 'APPEAL_URL'],
    [{ STORAGE_URL: 'ftp://files.example.com' }, 'STORAGE_URL'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${variable}:`),
    );
  });

  it('keys the watermark from WATERMARK_KEY, else from a key made once and kept in DATA_DIR', () => {
    expect(loadConfig({ ...base, WATERMARK_KEY: 'k'.repeat(20) }).watermarkKey).toBe('k'.repeat(20));
    expect(() => loadConfig({ ...base, WATERMARK_KEY: 'short' })).toThrow(/WATERMARK_KEY/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-wm-'));
    const made = loadConfig({ ...base, DATA_DIR: dir }).watermarkKey;
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'watermark-key'), 'utf8').trim()).toBe(made);
    expect(loadConfig({ ...base, DATA_DIR: dir }).watermarkKey).toBe(made);
    rmSync(dir, { recursive: true });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('reads a comma-separated CORS allow-list', () => {
    expect(loadConfig({ ...base, CORS_ORIGINS: 'https://a.test, https://b.test' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
  });

  it('links suspended accounts to APPEAL_URL, else to mail for the sender address', () => {
    expect(loadConfig({ ...base, APPEAL_URL: 'https://vocalis.test/appeal' }).appealUrl).toBe(
      'https://vocalis.test/appeal',
    );
    expect(loadConfig({ ...base, MAIL_FROM: 'Vocalis <help@vocalis.test>' }).appealUrl).toBe(
      'mailto:help@vocalis.test?subject=Appeal%20of%20account%20suspension',
    );
  });

  it('trusts the loopback aliases of a loopback PUBLIC_URL, and only its origin otherwise', () => {
    expect(loadConfig({ ...base, PORT: '3000' }).trustedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(originsOf('https://voice.example.com/app')).toEqual(['https://voice.example.com']);
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://voice.example.com', CORS_ORIGINS: 'https://a.example' })
        .trustedOrigins,
    ).toEqual(['https://voice.example.com', 'https://a.example']);
  });
});
