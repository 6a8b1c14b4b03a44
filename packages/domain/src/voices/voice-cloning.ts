/**
 * Rules of instant voice cloning: which files a sample may be, how many and how large, how much speech
 * a voice needs, and the custom-voice and add/edit limits (billing.md: custom voices per plan;
 * content-and-workspace.md §3/§9: max add/edits = round(1.5 × voice_limit + 50)). The spec leaves the
 * error texts to "the server detail message"; these are ours, one per refusal.
 */

import { customVoiceLimit } from '../billing/plans';

/** content-and-workspace.md §5 "Accepted audio types". */
export const ACCEPTED_AUDIO_TYPES = [
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
] as const;

/** The MIME types browsers and HTTP clients send for those types (extensionless uploads are matched by them). */
const MIME_TYPES: Record<string, (typeof ACCEPTED_AUDIO_TYPES)[number]> = {
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
};

/** Per uploaded file (ElevenLabs documents about 10 MB per instant-clone sample). */
export const MAX_SAMPLE_BYTES = 10 * 1024 * 1024;
/** Samples per voice (ElevenLabs: up to 25 for an instant clone). */
export const MAX_SAMPLES_PER_VOICE = 25;
/** Speech, summed over the samples, below which pitch and rate cannot be measured reliably. */
export const MIN_SPEECH_SECONDS = 3;
/** A file with less speech than this holds no speech at all. */
export const MIN_SAMPLE_SPEECH_SECONDS = 0.3;
/** Longest sample decoded (longer uploads are measured on their first this-many seconds). */
export const MAX_SAMPLE_SECONDS = 300;

/**
 * The audio type of an upload, by its file extension, else its MIME type; undefined when it is not one
 * the spec accepts.
 */
export function acceptedAudioType(
  fileName: string,
  mimeType: string | undefined,
): (typeof ACCEPTED_AUDIO_TYPES)[number] | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'aif') return 'aiff';
  if (ext === 'oga') return 'ogg';
  const byExt = ACCEPTED_AUDIO_TYPES.find((t) => t === ext);
  if (byExt) return byExt;
  if (ext) return undefined;
  return MIME_TYPES[(mimeType ?? '').split(';')[0]!.trim().toLowerCase()];
}

/** The refusals of a voice add or edit: an HTTP status, a code and the message shown. */
export type CloningRefusal = { status: number; code: string; message: string };

export const cloningRefusals = {
  noSamples: (): CloningRefusal => ({
    status: 400,
    code: 'no_samples',
    message: 'Add at least one audio sample (files) to create a voice.',
  }),
  tooManySamples: (count: number): CloningRefusal => ({
    status: 400,
    code: 'too_many_samples',
    message: `A voice can have at most ${MAX_SAMPLES_PER_VOICE} samples; this request would give it ${count}.`,
  }),
  unsupportedType: (fileName: string): CloningRefusal => ({
    status: 400,
    code: 'unsupported_audio_type',
    message: `${fileName} is not a supported audio file. Accepted types: ${ACCEPTED_AUDIO_TYPES.join(', ')}.`,
  }),
  tooLarge: (fileName: string): CloningRefusal => ({
    status: 413,
    code: 'sample_too_large',
    message: `${fileName} is larger than the ${MAX_SAMPLE_BYTES / 1024 / 1024} MB a sample may be.`,
  }),
  undecodable: (fileName: string): CloningRefusal => ({
    status: 400,
    code: 'invalid_audio',
    message: `${fileName} could not be decoded as audio.`,
  }),
  noSpeech: (fileName: string): CloningRefusal => ({
    status: 400,
    code: 'no_speech_found',
    message: `No speech was found in ${fileName}.`,
  }),
  tooShort: (speechSeconds: number): CloningRefusal => ({
    status: 400,
    code: 'samples_too_short',
    message: `The samples hold ${speechSeconds.toFixed(1)} seconds of speech; a voice needs at least ${MIN_SPEECH_SECONDS} seconds.`,
  }),
  voiceLimit: (used: number, limit: number): CloningRefusal => ({
    status: 400,
    code: 'voice_limit_reached',
    message: `You have reached your maximum amount of custom voices (${used} / ${limit}). You can upgrade your subscription or delete a voice to add another.`,
  }),
  addEditLimit: (used: number, limit: number): CloningRefusal => ({
    status: 400,
    code: 'voice_add_edit_limit_reached',
    message: `You have reached the maximum amount of voice additions and edits this month (${used} / ${limit}). The count resets at the start of next month.`,
  }),
};

/** billing.md: "maximum voice add/edits = round(1.5 × voice_limit + 50)"; null when voices are unlimited. */
export function maxVoiceAddEditsFor(voiceLimit: number): number | null {
  return voiceLimit < 0 ? null : Math.round(1.5 * voiceLimit + 50);
}

/**
 * Whether one more voice may be added: under the custom-voice limit (negative = unlimited) and under
 * this month's add/edit allowance. Returns the refusal, or undefined when it may.
 */
export function refuseVoiceAdd(o: {
  voices: number;
  voiceLimit: number;
  addEditsThisMonth: number;
}): CloningRefusal | undefined {
  if (o.voiceLimit >= 0 && o.voices >= o.voiceLimit)
    return cloningRefusals.voiceLimit(o.voices, o.voiceLimit);
  return refuseVoiceEdit(o);
}

/** Whether one more edit that counts (new samples, a new name) fits this month's add/edit allowance. */
export function refuseVoiceEdit(o: {
  voiceLimit: number;
  addEditsThisMonth: number;
}): CloningRefusal | undefined {
  const max = maxVoiceAddEditsFor(o.voiceLimit);
  if (max !== null && o.addEditsThisMonth >= max)
    return cloningRefusals.addEditLimit(o.addEditsThisMonth, max);
  return undefined;
}

/** Start of the calendar month (UTC) the add/edit counter covers. */
export function addEditPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The subscription's `can_use_instant_voice_cloning`: billing.md gives every plan custom voices (free 3)
 * and no separate cloning rule, so a plan may clone exactly when it has a custom-voice slot at all; the
 * server refuses by the limit (`refuseVoiceAdd`), never by this flag alone. Decision 060/070.
 */
export function mayCloneInstantly(tier: string): boolean {
  return customVoiceLimit(tier) !== 0;
}
