/**
 * Share as a video: render time of a 10 s clip (720×720, 15 fps, H.264 + AAC, ffmpeg WASM) in its
 * worker thread, and the longest event-loop stall on the main thread meanwhile.
 * Run: npx tsx bench/share-video.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { renderInWorker } from '../apps/server/src/features/sharing/share-video.runner';

const audio = await runFfmpeg(['-f', 'lavfi', '-i', 'sine=f=220:d=10', '-c:a', 'aac', 'a.m4a'], {}, 'a.m4a');
const text =
  'A ten second clip of speech, shared as a looping video with its waveform, its text and the theme colours.';
const rows: string[] = [];
for (const theme of ['colour', 'dark'] as const) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const t0 = performance.now();
  const video = await renderInWorker('video', { audio, text, theme });
  const ms = performance.now() - t0;
  lag.disable();
  rows.push(
    `| ${theme} | ${(ms / 1000).toFixed(1)} s | ${(video.length / 1e6).toFixed(2)} MB | ${(lag.max / 1e6).toFixed(0)} ms |`,
  );
}
console.log('| theme | render (10 s clip) | mp4 size | longest event-loop stall meanwhile |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
