// Bootstrap of every WorkerPool thread. Plain JavaScript, so it starts under any loader: a worker does
// not inherit the parent's tsx hooks (measured on Node 20: even `execArgv: ['--import', 'tsx']` left
// `.ts` unknown), so a TypeScript entry registers tsx here first, then loads the entry module.
import { workerData } from 'node:worker_threads';

if (/\.[cm]?tsx?$/.test(new URL(workerData.entry).pathname)) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
