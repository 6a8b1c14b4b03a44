/**
 * The AI speech classifier's rules (decision 100): what may be uploaded, how much of it is analysed, and
 * how a detector result reads as a verdict.
 */
import { ACCEPTED_AUDIO_TYPES, acceptedAudioType } from './voices/voice-cloning';

/** Largest upload (bytes). */
export const MAX_CLASSIFIER_BYTES = 25 * 1024 * 1024;
/** Only this much of a long file is analysed (seconds from its start). */
export const MAX_CLASSIFIER_SECONDS = 300;
/** Below this much sound the answer says there was too little audio to tell. */
export const MIN_CLASSIFIER_SOUND_SECONDS = 1;

export type ClassifierVerdict = 'generated_here' | 'not_detected' | 'too_little_audio';

/** The verdict a user reads: a detected mark wins even on a short clip; else too little sound, else none. */
export function classifierVerdict(generatedHere: boolean, analysedSeconds: number): ClassifierVerdict {
  if (generatedHere) return 'generated_here';
  return analysedSeconds < MIN_CLASSIFIER_SOUND_SECONDS ? 'too_little_audio' : 'not_detected';
}

export interface ClassifierRefusal {
  status: number;
  code: string;
  message: string;
}

/** Refuses an upload before decoding it (missing file, wrong type, too large), or returns null. */
export function classifierUploadRefusal(
  file: { filename: string; mimetype: string; size: number; truncated: boolean } | undefined,
): ClassifierRefusal | null {
  if (!file)
    return { status: 400, code: 'missing_file', message: 'Attach one audio file as the `file` field.' };
  if (!acceptedAudioType(file.filename, file.mimetype))
    return {
      status: 400,
      code: 'unsupported_audio_type',
      message: `${file.filename || 'The file'} is not a supported audio file. Accepted types: ${ACCEPTED_AUDIO_TYPES.join(', ')}.`,
    };
  if (file.truncated || file.size > MAX_CLASSIFIER_BYTES)
    return {
      status: 413,
      code: 'file_too_large',
      message: `${file.filename} is larger than the ${MAX_CLASSIFIER_BYTES / 1024 / 1024} MB the classifier accepts.`,
    };
  return null;
}
