import { Worker } from 'node:worker_threads';
import type { ShareVideoInput } from './share-video.render';

const BOOTSTRAP = new URL('./share-video.boot.mjs', import.meta.url);
const ENTRY = new URL('./share-video.worker.ts', import.meta.url);
/** A render that takes longer than this is stuck: its thread is ended. */
const TIMEOUT_MS = 5 * 60_000;

/**
 * Renders a share video or its preview in a thread of its own (one per render, ended when done), so
 * the event loop keeps serving while ffmpeg works.
 */
export function renderInWorker(kind: 'video' | 'preview', input: ShareVideoInput): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      workerData: { entry: ENTRY.href, data: { kind, ...input } },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('the render took too long'));
    }, TIMEOUT_MS);
    worker.once('message', (m: { ok: true; bytes: Uint8Array } | { ok: false; message: string }) => {
      clearTimeout(timer);
      if (m.ok) resolve(new Uint8Array(m.bytes));
      else reject(new Error(m.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the video worker stopped (exit ${code})`));
    });
  });
}
