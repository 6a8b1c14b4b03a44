// Bootstrap of a share-video render thread. Plain JavaScript, so it starts under any loader: a worker
// does not inherit tsx's hooks (decision 035), so a TypeScript entry registers tsx first.
import { workerData } from 'node:worker_threads';

if (/\.[cm]?tsx?$/.test(new URL(workerData.entry).pathname)) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
