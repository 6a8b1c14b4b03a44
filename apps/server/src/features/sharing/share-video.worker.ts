/**
 * Worker-thread entry of one share-video render (started through the speech pool's bootstrap, which
 * loads TypeScript): ffmpeg WASM runs synchronously for seconds, so it must not run on the event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { renderShareVideo, renderShareVideoPreview, type ShareVideoInput } from './share-video.render';

type Data = { data: ShareVideoInput & { kind: 'video' | 'preview' } };
const { kind, ...input } = (workerData as Data).data;

try {
  const bytes = await (kind === 'video' ? renderShareVideo(input) : renderShareVideoPreview(input));
  parentPort!.postMessage({ ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
