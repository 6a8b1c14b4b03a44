/**
 * The uploaded speech, checked and decoded to 16 kHz mono: type and size before decoding, then length and
 * silence. `pcm_s16le_16` input is taken as raw samples; anything else goes through ffmpeg (WASM), with
 * ffmpeg's afftdn spectral denoiser when `remove_background_noise` is set.
 */
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { levels } from '@vocalis/speech/dsp/loudness';
import {
  MAX_STS_BYTES,
  MAX_STS_SECONDS,
  stsRefusals,
  type StsRefusal,
} from '@vocalis/domain/audio-tools/speech-to-speech';
import { acceptedAudioType } from '@vocalis/domain/voices/voice-cloning';
import { AppError } from '../../errors';
import type { UploadedFile } from '../voices/voice-samples';

export const STS_RATE = 16000;
/** Quieter than this (RMS, dBFS) over the whole clip is no speech at all. */
const SILENCE_DBFS = -60;

const refuse = (r: StsRefusal) => new AppError(r.status, r.code, r.message);

/** The audio part of a multipart body, or a 400 when there is none (or not a file). */
export function audioPart(value: unknown): UploadedFile {
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one !== 'object' || one === null || !Buffer.isBuffer((one as UploadedFile).data))
    throw refuse(stsRefusals.noAudio());
  return one as UploadedFile;
}

/** Checks type and size (before any decoding). */
export function checkAudio(file: UploadedFile, raw: boolean): void {
  if (file.truncated || file.data.byteLength > MAX_STS_BYTES) throw refuse(stsRefusals.tooLarge());
  if (!raw && !acceptedAudioType(file.filename, file.mimetype))
    throw refuse(stsRefusals.unsupportedType(file.filename || 'The file'));
}

/** Decodes to 16 kHz mono and refuses what is too long or silent. */
export async function decodeSpeech(
  file: UploadedFile,
  raw: boolean,
  removeNoise: boolean,
): Promise<Int16Array> {
  let pcm: Int16Array;
  const bytes = new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  if (raw) {
    if (bytes.byteLength % 2) throw refuse(stsRefusals.oddPcm());
    pcm = new Int16Array(bytes.slice().buffer);
    if (removeNoise) pcm = await denoise(pcm);
  } else {
    try {
      // Read one second past the limit, so an over-long file is told apart from one exactly at it.
      pcm = await decodeAudio(bytes, STS_RATE, ['-t', String(MAX_STS_SECONDS + 1)]);
      if (removeNoise) pcm = await denoise(pcm);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refuse(stsRefusals.undecodable());
    }
  }
  const seconds = pcm.length / STS_RATE;
  if (seconds > MAX_STS_SECONDS) throw refuse(stsRefusals.tooLong(seconds));
  if (!pcm.length || 20 * Math.log10(levels(pcm).rms + 1e-12) < SILENCE_DBFS)
    throw refuse(stsRefusals.empty());
  return pcm;
}

/** ffmpeg's afftdn spectral denoiser (as voice samples use it, decision 060). */
async function denoise(pcm: Int16Array): Promise<Int16Array> {
  const rate = String(STS_RATE);
  const out = await runFfmpeg(
    [
      '-f',
      's16le',
      '-ar',
      rate,
      '-ac',
      '1',
      '-i',
      'in.raw',
      '-af',
      'highpass=f=70,afftdn=nr=18:nf=-40',
      '-f',
      's16le',
      'out.raw',
    ],
    { 'in.raw': new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) },
    'out.raw',
  );
  return new Int16Array(
    out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength - (out.byteLength % 2)),
  );
}
