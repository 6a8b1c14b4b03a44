/**
 * One-shot encoding of a whole utterance into any supported `output_format`. mp3 uses lamejs and
 * G.711 is done in JS (both fast and synchronous); only Opus goes through ffmpeg.
 */
import { runFfmpeg } from './ffmpeg';
import { encodeAlaw, encodeMulaw } from './g711';
import { concatBytes, Mp3Stream } from './mp3-stream';
import { parseOutputFormat, type OutputFormat } from './output-format';
import { resample } from './resample';
import { encodeWav } from './wav';

/** Little-endian bytes of Int16 samples (the layout of pcm_* output). */
export function pcmBytes(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length * 2);
  const v = new DataView(out.buffer);
  for (let i = 0; i < pcm.length; i++) v.setInt16(i * 2, pcm[i]!, true);
  return out;
}

/** Encodes mono Int16 PCM at `sampleRate` into `format` (a descriptor or an `output_format` string). */
export async function encodeAudio(
  pcm: Int16Array,
  sampleRate: number,
  format: OutputFormat | string,
): Promise<Uint8Array> {
  const f = typeof format === 'string' ? parseOutputFormat(format) : format;
  if (!f) throw new Error(`unsupported output format: ${String(format)}`);
  const samples = await resample(pcm, sampleRate, f.sampleRate);
  switch (f.codec) {
    case 'pcm':
      return pcmBytes(samples);
    case 'wav':
      return encodeWav(samples, f.sampleRate);
    case 'ulaw':
      return encodeMulaw(samples);
    case 'alaw':
      return encodeAlaw(samples);
    case 'mp3': {
      const mp3 = new Mp3Stream(f.sampleRate, f.bitrate!);
      return concatBytes([mp3.encode(samples), mp3.flush()]);
    }
    case 'opus':
      return runFfmpeg(
        [
          '-f',
          's16le',
          '-ar',
          String(f.sampleRate),
          '-ac',
          '1',
          '-i',
          'in.raw',
          '-c:a',
          'libopus',
          '-b:a',
          `${f.bitrate}k`,
          '-application',
          'voip',
          '-f',
          'ogg',
          'out.ogg',
        ],
        { 'in.raw': pcmBytes(samples) },
        'out.ogg',
      );
  }
}
