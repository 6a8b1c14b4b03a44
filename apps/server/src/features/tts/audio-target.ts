/**
 * Output encoders for generations. Formats whose codec can append (mp3 through lamejs, raw PCM, G.711)
 * encode sentence by sentence, so streams send audio as soon as the first sentence is ready; WAV
 * (its header holds the length), Opus, AAC and FLAC (ffmpeg, one run) are encoded once at the end.
 * This is the one place generated PCM becomes an output format, so the watermark is embedded here
 * (decision 100): frame by frame as samples pass `encode`, whatever the blocks.
 */
import { encodeAudio, pcmBytes } from '@vocalis/speech/audio/encode';
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { Mp3Stream } from '@vocalis/speech/audio/mp3-stream';
import type { OutputFormat } from '@vocalis/speech/audio/output-format';
import { resample } from '@vocalis/speech/audio/resample';
import { WatermarkEmbedder } from '@vocalis/speech/watermark/embed';

/** Formats only the OpenAI-compatible endpoint offers. */
export interface ExtraFormat {
  id: string;
  codec: 'aac' | 'flac';
  sampleRate: number;
  bitrate?: number;
  contentType: string;
  extension: string;
}

export type AudioTarget = OutputFormat | ExtraFormat;

export const AAC_24000_64: ExtraFormat = {
  id: 'aac_24000_64',
  codec: 'aac',
  sampleRate: 24000,
  bitrate: 64,
  contentType: 'audio/aac',
  extension: 'aac',
};
export const FLAC_24000: ExtraFormat = {
  id: 'flac_24000',
  codec: 'flac',
  sampleRate: 24000,
  contentType: 'audio/flac',
  extension: 'flac',
};

/** Encodes one generation's sentences as they come. */
export interface ChunkEncoder {
  /** True when `push` returns audio (false: everything comes from `end`). */
  readonly incremental: boolean;
  /** Resamples to the target rate and encodes (`encode(await resample(pcm, sampleRate))`). */
  push(pcm: Int16Array, sampleRate: number): Promise<Uint8Array>;
  /** PCM at the target's sample rate. */
  resample(pcm: Int16Array, sampleRate: number): Promise<Int16Array>;
  /** Encodes samples already at the target's rate; blocks may split a sentence anywhere. */
  encode(samples: Int16Array): Promise<Uint8Array>;
  end(): Promise<Uint8Array>;
}

const EMPTY = new Uint8Array(0);

/** An encoder for a target format whose audio carries the watermark of `watermarkKey`. */
export function createEncoder(target: AudioTarget, watermarkKey: string): ChunkEncoder {
  const rate = target.sampleRate;
  const toRate = (pcm: Int16Array, from: number) => resample(pcm, from, rate);
  const mark = new WatermarkEmbedder(watermarkKey, rate);
  const encoder = (e: Pick<ChunkEncoder, 'incremental' | 'encode' | 'end'>): ChunkEncoder => {
    const encode = (samples: Int16Array) => e.encode(mark.push(samples));
    return { ...e, encode, resample: toRate, push: async (pcm, from) => encode(await toRate(pcm, from)) };
  };
  if (target.codec === 'mp3') {
    const mp3 = new Mp3Stream(rate, target.bitrate!);
    return encoder({
      incremental: true,
      encode: async (samples) => mp3.encode(samples),
      end: async () => mp3.flush(),
    });
  }
  if (target.codec === 'pcm' || target.codec === 'ulaw' || target.codec === 'alaw') {
    const format = target;
    return encoder({
      incremental: true,
      encode: (samples) => encodeAudio(samples, rate, format),
      end: async () => EMPTY,
    });
  }
  const parts: Int16Array[] = [];
  return encoder({
    incremental: false,
    encode: async (samples) => {
      parts.push(samples);
      return EMPTY;
    },
    end: async () => {
      const all = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
      return isExtra(target) ? encodeExtra(all, target) : encodeAudio(all, rate, target);
    },
  });
}

const isExtra = (t: AudioTarget): t is ExtraFormat => t.codec === 'aac' || t.codec === 'flac';

function encodeExtra(pcm: Int16Array, f: ExtraFormat): Promise<Uint8Array> {
  const codec =
    f.codec === 'aac'
      ? ['-c:a', 'aac', '-b:a', `${f.bitrate}k`, '-f', 'adts']
      : ['-c:a', 'flac', '-f', 'flac'];
  const out = `out.${f.extension}`;
  return runFfmpeg(
    ['-f', 's16le', '-ar', String(f.sampleRate), '-ac', '1', '-i', 'in.raw', ...codec, out],
    { 'in.raw': pcmBytes(pcm) },
    out,
  );
}
