import { createReadStream } from 'node:fs';
import S3rver from '@20minutes/s3rver';

/**
 * An S3-compatible server (s3rver: objects as files, SigV4 checked, ranges) as its own process, so tests
 * reach S3 storage over HTTP as a real deployment would. Prints `listening <port>` once it accepts.
 * Run it with `node --import tsx apps/server/src/testing/s3-server-process.ts <directory> <bucket> [port]`.
 * Its credentials are s3rver's fixed pair S3RVER / S3RVER.
 */
const [directory, bucket, port] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('usage: s3-server-process.ts <directory> <bucket> [port]');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port ?? 0),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
fixFirstByteRange(server);
const { port: listening } = await server.run();
console.log(`listening ${listening}`);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/**
 * s3rver 4.0.4 reads `Range: bytes=0-0` as the whole object (it takes an end of 0 for "no end"); S3 and
 * RFC 9110 give the first byte, which is what browsers ask for before playing audio. Serve that byte.
 */
function fixFirstByteRange(s3: S3rver) {
  const store = s3.store;
  const getObject = store.getObject.bind(store);
  store.getObject = async (bucket, key, options) => {
    const object = await getObject(bucket, key, options);
    if (options?.end !== 0 || !object?.content || !object.range) return object;
    object.content.destroy();
    object.range.end = 0;
    object.content = createReadStream(store.getResourcePath(bucket, key, 'object'), { start: 0, end: 0 });
    return object;
  };
}
