import path from 'node:path';
import type { S3StorageOptions } from './s3-files';

/** Where files live: a folder on this machine, or an S3-compatible bucket that every node shares. */
export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

const S3_PARAMS = new Set(['endpoint', 'region', 'force_path_style']);

/**
 * Reads STORAGE_URL: absent → `<dataDir>/files`; `file:///abs/dir` → that folder;
 * `s3://[key:secret@]bucket[/prefix]?endpoint=…&region=…&force_path_style=true|false` → a bucket.
 * Throws an Error whose message says what is wrong (config.ts turns it into a ConfigError).
 */
export function parseStorageUrl(raw: string | undefined, dataDir: string): StorageConfig {
  if (!raw) return { kind: 'local', dir: path.join(dataDir, 'files') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an s3://bucket or file:///folder URL');
  }
  if (url.protocol === 'file:') {
    // WHATWG URLs turn file:./data into /data: only an absolute file:///path says what it means.
    if (url.host || !raw.startsWith('file:///'))
      throw new Error('a file: URL names a folder on this machine: file:///path/to/folder');
    return { kind: 'local', dir: path.resolve(decodeURIComponent(url.pathname)) };
  }
  if (url.protocol !== 's3:') throw new Error('must be an s3://bucket or file:///folder URL');
  const bucket = url.hostname;
  if (!bucket) throw new Error('names no bucket: s3://bucket?endpoint=…');
  for (const name of url.searchParams.keys())
    if (!S3_PARAMS.has(name))
      throw new Error(`unknown parameter ${name} (known: ${[...S3_PARAMS].join(', ')})`);

  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error('endpoint must be an http:// or https:// URL');
  const pathStyle = url.searchParams.get('force_path_style');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new Error('force_path_style must be true or false');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret))
    throw new Error('give both the access key and the secret, or neither');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: url.searchParams.get('region') || 'us-east-1',
    // Self-hosted servers seldom have a DNS name per bucket; AWS itself prefers virtual hosts.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    ...(user && { credentials: { accessKeyId: user, secretAccessKey: secret } }),
  };
}
