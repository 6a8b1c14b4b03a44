/**
 * Rules of speech to text and forced alignment (decisions 090-092): which model ids are accepted, which
 * files, how large and long, which export formats we can make, and the monthly transcription allowance.
 * content-and-workspace.md §5 lists the accepted audio and video types; billing.md §9 the audio minutes per
 * plan, which the spec does not tie to a product: we meter transcribed and aligned audio against them.
 */
import { AUDIO_MINUTES, UNLIMITED } from '../billing/plans';
import { planIdOf } from '../billing/tiers';

/** content-and-workspace.md §5 "Accepted audio types" and "Accepted video types". */
export const ACCEPTED_MEDIA_TYPES = [
  'aac',
  'aiff',
  'ogg',
  'mp3',
  'opus',
  'wav',
  'webm',
  'flac',
  'mp4',
  'm4a',
  'avi',
  'mkv',
  'mov',
  'wmv',
  'flv',
  'mpeg',
  '3gpp',
] as const;

const EXTENSIONS: Record<string, (typeof ACCEPTED_MEDIA_TYPES)[number]> = {
  aif: 'aiff',
  aiff: 'aiff',
  oga: 'ogg',
  mpg: 'mpeg',
  mpeg: 'mpeg',
  '3gp': '3gpp',
  '3gpp': '3gpp',
  qt: 'mov',
};

const MIME: Record<string, (typeof ACCEPTED_MEDIA_TYPES)[number]> = {
  'audio/aac': 'aac',
  'audio/x-aac': 'aac',
  'audio/aiff': 'aiff',
  'audio/x-aiff': 'aiff',
  'audio/ogg': 'ogg',
  'application/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/opus': 'opus',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'mp4',
  'video/mp4': 'mp4',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'video/x-msvideo': 'avi',
  'video/x-matroska': 'mkv',
  'video/quicktime': 'mov',
  'video/x-ms-wmv': 'wmv',
  'video/x-flv': 'flv',
  'video/mpeg': 'mpeg',
  'video/3gpp': '3gpp',
  'audio/3gpp': '3gpp',
};

/** The accepted type of an upload by its file name, else its MIME type; null when neither is accepted. */
export function mediaTypeOf(fileName: string | undefined, mime: string | undefined): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (ext) {
    const t = EXTENSIONS[ext] ?? ext;
    if ((ACCEPTED_MEDIA_TYPES as readonly string[]).includes(t)) return t;
  }
  const base = (mime ?? '').split(';')[0]!.trim().toLowerCase();
  return MIME[base] ?? null;
}

export const UNSUPPORTED_MEDIA_MESSAGE =
  'The file is not an accepted audio or video type (aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a; ' +
  'video: mp4, avi, mkv, mov, wmv, flv, webm, mpeg, 3gpp).';

/** Largest upload or downloaded cloud_storage_url file we take (bytes). */
export const MAX_TRANSCRIPTION_BYTES = 200 * 1024 * 1024;
/** Longest audio transcribed in one request (seconds). */
export const MAX_TRANSCRIPTION_SECONDS = 2 * 3600;
/** ElevenLabs: the file must hold at least 100 ms of audio. */
export const MIN_TRANSCRIPTION_SECONDS = 0.1;
/** ElevenLabs allows up to 32 speakers. */
export const MAX_SPEAKERS = 32;

/** Model ids of ElevenLabs and OpenAI transcription we answer, and our own. */
export const STT_MODEL_ALIASES: Readonly<Record<string, 'default' | 'builtin' | 'remote'>> = {
  scribe_v1: 'default',
  scribe_v1_experimental: 'default',
  scribe_v2: 'default',
  'whisper-1': 'default',
  'gpt-4o-transcribe': 'default',
  'gpt-4o-mini-transcribe': 'default',
  vocalis_stt_builtin: 'builtin',
  vocalis_stt_remote: 'remote',
};

/** additional_formats we make; docx and pdf are refused (no honest writer for them here). */
export const EXPORT_FORMATS = ['srt', 'txt', 'segmented_json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const REFUSED_EXPORT_FORMATS = ['docx', 'pdf'] as const;

/** Monthly seconds of audio a plan may transcribe or align (billing.md §9 audio minutes × 60); -1 unlimited. */
export function transcriptionSecondsLimit(tier: string): number {
  const minutes = AUDIO_MINUTES[planIdOf(tier)];
  return minutes === UNLIMITED ? UNLIMITED : minutes * 60;
}

/** The refusal when a file's seconds would pass the plan's allowance. */
export function transcriptionQuotaMessage(remainingSeconds: number, requestedSeconds: number): string {
  return (
    `This file has ${Math.ceil(requestedSeconds)} seconds of audio, but your plan has only ` +
    `${Math.max(0, Math.floor(remainingSeconds))} seconds of transcription left this month.`
  );
}
