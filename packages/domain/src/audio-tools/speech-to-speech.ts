/**
 * Rules of speech to speech: how large and long an input may be, what a conversion costs, and the refusals.
 * The spec gives no price; decision 095 charges like ElevenLabs' voice changer, 1,000 characters of the
 * monthly quota per minute of input audio, counted by the started second.
 */

/** The largest upload accepted (ElevenLabs documents 50 MB for its audio tools). */
export const MAX_STS_BYTES = 50 * 1024 * 1024;
/** The longest input converted in one request (ElevenLabs' voice changer: 5 minutes). */
export const MAX_STS_SECONDS = 300;
/** Quota characters charged per minute of input audio. */
export const STS_CHARACTERS_PER_MINUTE = 1000;

/** The quota characters a conversion of `seconds` of input costs: 1,000 a minute, by the started second. */
export function stsCharacters(seconds: number): number {
  if (!(seconds > 0)) return 0;
  const whole = Math.ceil(seconds - 1e-9);
  return Math.ceil((whole * STS_CHARACTERS_PER_MINUTE) / 60);
}

/** A refusal: HTTP status, snake_case code, the message a user reads. */
export interface StsRefusal {
  status: number;
  code: string;
  message: string;
}

export const stsRefusals = {
  noAudio: (): StsRefusal => ({
    status: 400,
    code: 'missing_audio',
    message: 'Send the speech to convert as a multipart file part named audio.',
  }),
  unsupportedType: (name: string): StsRefusal => ({
    status: 400,
    code: 'unsupported_audio_type',
    message: `${name} is not a supported audio type (aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a).`,
  }),
  tooLarge: (): StsRefusal => ({
    status: 413,
    code: 'audio_too_large',
    message: `The audio is larger than ${MAX_STS_BYTES / 1024 / 1024} MB.`,
  }),
  undecodable: (): StsRefusal => ({
    status: 400,
    code: 'invalid_audio',
    message: 'The audio could not be decoded.',
  }),
  tooLong: (seconds: number): StsRefusal => ({
    status: 400,
    code: 'audio_too_long',
    message: `The audio is ${Math.round(seconds)} s long; at most ${MAX_STS_SECONDS} s can be converted at once.`,
  }),
  empty: (): StsRefusal => ({
    status: 400,
    code: 'no_speech',
    message: 'The audio holds no speech to convert.',
  }),
  oddPcm: (): StsRefusal => ({
    status: 400,
    code: 'invalid_audio',
    message: 'file_format pcm_s16le_16 needs raw 16-bit little-endian samples: an even number of bytes.',
  }),
};
