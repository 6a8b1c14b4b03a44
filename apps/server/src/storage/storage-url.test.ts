import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStorageUrl } from './storage-url';

describe('parseStorageUrl', () => {
  it.each([
    [undefined, { kind: 'local', dir: path.join('/srv/data', 'files') }],
    ['file:///mnt/audio', { kind: 'local', dir: '/mnt/audio' }],
    ['file:///mnt/my%20audio/', { kind: 'local', dir: '/mnt/my audio' }],
    [
      's3://vocalis',
      {
        kind: 's3',
        bucket: 'vocalis',
        prefix: '',
        endpoint: undefined,
        region: 'us-east-1',
        forcePathStyle: false,
      },
    ],
    [
      's3://vocalis/prod/eu/?region=eu-west-1',
      {
        kind: 's3',
        bucket: 'vocalis',
        prefix: 'prod/eu/',
        endpoint: undefined,
        region: 'eu-west-1',
        forcePathStyle: false,
      },
    ],
    [
      's3://vocalis?endpoint=http://127.0.0.1:9000/',
      {
        kind: 's3',
        bucket: 'vocalis',
        prefix: '',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
      },
    ],
    [
      's3://AKIA%2Fx:s%40cret@media?endpoint=https%3A%2F%2Fs3.example.net&force_path_style=false',
      {
        kind: 's3',
        bucket: 'media',
        prefix: '',
        endpoint: 'https://s3.example.net',
        region: 'us-east-1',
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIA/x', secretAccessKey: 's@cret' },
      },
    ],
  ])('reads %s', (url, expected) => {
    expect(parseStorageUrl(url, '/srv/data')).toEqual(expected);
  });

  it.each([
    ['not a url', 'must be an s3://bucket or file:///folder URL'],
    ['https://bucket.example.com', 'must be an s3://bucket or file:///folder URL'],
    ['file://server/share', 'a file: URL names a folder on this machine: file:///path/to/folder'],
    ['file:./data/files', 'a file: URL names a folder on this machine: file:///path/to/folder'],
    ['file:/srv/files', 'a file: URL names a folder on this machine: file:///path/to/folder'],
    ['s3:///prefix', 'names no bucket: s3://bucket?endpoint=…'],
    ['s3://b?endpoint=127.0.0.1:9000', 'endpoint must be an http:// or https:// URL'],
    ['s3://b?force_path_style=yes', 'force_path_style must be true or false'],
    ['s3://b?bucket=other', 'unknown parameter bucket (known: endpoint, region, force_path_style)'],
    ['s3://key@b', 'give both the access key and the secret, or neither'],
  ])('refuses %s', (url, message) => {
    expect(() => parseStorageUrl(url, '/srv/data')).toThrow(message);
  });
});
