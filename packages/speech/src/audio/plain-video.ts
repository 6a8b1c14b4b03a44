import { runFfmpeg } from './ffmpeg';
import { encodeWav } from './wav';

/**
 * A small video for tests and benches: a plain `rgb` picture, 64×48 at 5 fps, with `pcm` (mono, `rate` Hz) as its
 * AAC sound, or `seconds` of picture and no sound at all. mpeg4 video by default (which the dubbing and voiceover
 * uploads must turn into H.264 for browsers); `libx264` when the test wants a video kept as it is.
 */
export async function plainVideo(opts: {
  pcm?: Int16Array;
  rate?: number;
  seconds?: number;
  rgb?: readonly [number, number, number];
  codec?: 'mpeg4' | 'libx264';
}): Promise<Uint8Array> {
  const { pcm, rate = 16000, rgb = [120, 120, 120], codec = 'mpeg4' } = opts;
  const seconds = Math.ceil(pcm ? pcm.length / rate : (opts.seconds ?? 1));
  const frames = new Uint8Array(64 * 48 * 3 * 5 * seconds);
  for (let i = 0; i < frames.length; i += 3) frames.set(rgb, i);
  const picture = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '64x48', '-r', '5', '-i', 'f.raw'];
  const video = ['-c:v', codec, '-pix_fmt', 'yuv420p'];
  if (!pcm) return runFfmpeg([...picture, ...video, 'o.mp4'], { 'f.raw': frames }, 'o.mp4');
  return runFfmpeg(
    [...picture, '-i', 'a.wav', ...video, '-c:a', 'aac', '-shortest', 'o.mp4'],
    { 'f.raw': frames, 'a.wav': encodeWav(pcm, rate) },
    'o.mp4',
  );
}
