/**
 * Turning uploaded voice samples into measured audio: the type check of the spec, decoding with ffmpeg
 * (WASM) to 16 kHz mono, optional background-noise removal (ffmpeg's afftdn spectral denoiser), and the
 * per-sample and total speech checks. Every refusal is an AppError with the domain's message.
 */
import { createHash } from 'node:crypto';
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { measureVoice, type VoiceMeasure } from '@vocalis/speech/profile/measure';
import {
  acceptedAudioType,
  cloningRefusals,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLE_SECONDS,
  MIN_SAMPLE_SPEECH_SECONDS,
  MIN_SPEECH_SECONDS,
  type CloningRefusal,
} from '@vocalis/domain/voices/voice-cloning';
import { AppError } from '../../errors';

/** The rate samples are stored and measured at. */
export const SAMPLE_RATE = 16000;

/** One uploaded file as the multipart parser hands it over. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
  /** The parser stopped reading at the size limit. */
  truncated: boolean;
}

/** A decoded, checked sample ready to be stored. */
export interface PreparedSample {
  file: UploadedFile;
  type: string;
  hash: string;
  pcm: Int16Array;
  /** The processed audio as stored: 16 kHz mono WAV (denoised when asked). */
  wav: Uint8Array;
  durationSeconds: number;
  measure: VoiceMeasure;
}

export const refusal = (r: CloningRefusal) => new AppError(r.status, r.code, r.message);

/** Checks what can be checked before decoding: the type and the size. */
export function checkUpload(file: UploadedFile): string {
  const type = acceptedAudioType(file.filename, file.mimetype);
  if (!type) throw refusal(cloningRefusals.unsupportedType(file.filename || 'The file'));
  if (file.truncated || file.data.byteLength > MAX_SAMPLE_BYTES)
    throw refusal(cloningRefusals.tooLarge(file.filename));
  return type;
}

/** Decodes, optionally denoises, and measures one upload; refuses undecodable audio and silence. */
/** The part of a sample to keep, in milliseconds of the uploaded audio (null or absent: from the start / to the end). */
export type SampleTrim = { startMs?: number | null; endMs?: number | null };

export async function prepareSample(
  file: UploadedFile,
  removeNoise: boolean,
  trim: SampleTrim = {},
): Promise<PreparedSample> {
  const type = checkUpload(file);
  let raw: Uint8Array;
  try {
    raw = await runFfmpeg(
      [
        '-t',
        String(MAX_SAMPLE_SECONDS),
        '-i',
        'in.bin',
        '-vn',
        ...(removeNoise ? ['-af', 'highpass=f=70,afftdn=nr=18:nf=-40'] : []),
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        'out.raw',
      ],
      { 'in.bin': new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength) },
      'out.raw',
    );
  } catch {
    throw refusal(cloningRefusals.undecodable(file.filename));
  }
  const decoded = new Int16Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength - (raw.byteLength % 2)),
  );
  if (!decoded.length) throw refusal(cloningRefusals.undecodable(file.filename));
  const at = (ms: number | null | undefined, fallback: number) =>
    ms == null ? fallback : Math.min(decoded.length, Math.round((ms / 1000) * SAMPLE_RATE));
  const pcm = decoded.subarray(at(trim.startMs, 0), at(trim.endMs, decoded.length));
  const measure = measureVoice(pcm, SAMPLE_RATE);
  if (
    measure.speechSeconds < MIN_SAMPLE_SPEECH_SECONDS ||
    !Number.isFinite(measure.pitchHz) ||
    !measure.syllables
  )
    throw refusal(cloningRefusals.noSpeech(file.filename));
  return {
    file,
    type,
    hash: createHash('sha256').update(file.data).digest('hex'),
    pcm,
    wav: encodeWav(pcm, SAMPLE_RATE),
    durationSeconds: pcm.length / SAMPLE_RATE,
    measure,
  };
}

/** Prepares every upload in order and refuses a set with too little speech in total. */
export async function prepareSamples(files: UploadedFile[], removeNoise: boolean): Promise<PreparedSample[]> {
  for (const f of files) checkUpload(f);
  const out: PreparedSample[] = [];
  for (const f of files) out.push(await prepareSample(f, removeNoise));
  return out;
}

/** Refuses samples that together hold less speech than a profile needs. */
export function checkTotalSpeech(samples: { measure: VoiceMeasure }[]): void {
  const speech = samples.reduce((s, x) => s + x.measure.speechSeconds, 0);
  if (speech < MIN_SPEECH_SECONDS) throw refusal(cloningRefusals.tooShort(speech));
}
