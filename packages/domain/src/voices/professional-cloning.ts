/**
 * Rules of professional voice cloning (decision 084): the professional-clone limit of the plan
 * (billing.md: 0, 0, 1, 1, 1, 3 plus extra_pvc_slots; a PVC is also a custom voice), what training
 * needs (verified voice, enough speech), the captcha check (recognised words against the shown text)
 * and the SDK's fine-tuning states. Pure functions; the server enforces them.
 */
import { professionalVoiceLimit } from '../billing/plans';
import type { CloningRefusal } from './voice-cloning';

/** Speech a professional clone needs before it can be trained (summed over the selected samples). */
export const MIN_PVC_TRAINING_SPEECH_SECONDS = 10;
/** Samples per professional voice (more than an instant clone: the finer profile wants more speech). */
export const MAX_PVC_SAMPLES = 50;
/** Captcha attempts a voice gets before it must ask for manual verification. */
export const MAX_VERIFICATION_ATTEMPTS = 5;
/**
 * Share of the captcha's words the recogniser must find, in order (1 − (substitutions + deletions) /
 * words; insertions are ignored: room noise adds words). PocketSphinx scores a clear human reader
 * about 0.72 word accuracy on everyday text (docs/benchmarks.md), so 0.5 passes a real reading and
 * refuses a recording of other words.
 */
export const CAPTCHA_MIN_WORD_RECALL = 0.5;
/**
 * How far (semitones of median pitch, with 3 dB of spectral tilt counting as one) the captcha reader's
 * voice may lie from the voice's samples (decision 087). The same distance from which speaker
 * separation calls two groups two speakers: one reader's recordings vary by 1-2, a man and a woman lie
 * 8-12 apart. It refuses a different-sounding reader, not an impersonator of the same pitch and timbre.
 */
export const CAPTCHA_MAX_SPEAKER_DISTANCE = 4;

/** The SDK's FineTuningResponse state values. */
export const FINE_TUNING_STATES = [
  'not_started',
  'queued',
  'fine_tuning',
  'fine_tuned',
  'failed',
  'delayed',
] as const;
export type FineTuningState = (typeof FINE_TUNING_STATES)[number];

/** Short everyday sentences a speaker reads to verify a voice (content the recogniser knows well). */
export const CAPTCHA_TEXTS = [
  'I would like to verify that this is my own voice today.',
  'The weather is nice and I am reading this out loud.',
  'Please check my voice so I can train my own model.',
  'My name is on this account and I am speaking now.',
  'This is my voice and I agree to make a copy of it.',
  'I am reading these words to show that I am real.',
] as const;

/**
 * The captcha text for a voice's nth attempt: two different sentences of the list (a new pair for each
 * attempt). Two, not one: the accepted reading is a recording of known words, and training times the
 * speaker's speaking rate on it (decision 088); one sentence (~3 s) is too short to time well.
 */
export function captchaText(voiceId: string, attempt: number): string {
  let h = attempt * 31;
  for (const c of voiceId) h = (h * 33 + c.charCodeAt(0)) >>> 0;
  const n = CAPTCHA_TEXTS.length;
  const first = h % n;
  const second = (first + 1 + (Math.floor(h / n) % (n - 1))) % n;
  return `${CAPTCHA_TEXTS[first]} ${CAPTCHA_TEXTS[second]}`;
}

export const pvcRefusals = {
  professionalLimit: (used: number, limit: number): CloningRefusal => ({
    status: 400,
    code: 'professional_voice_limit_reached',
    message:
      limit === 0
        ? 'Your plan does not include professional voice cloning. Upgrade to Creator or above to create a professional voice.'
        : `You have reached your maximum amount of professional voices (${used} / ${limit}). Upgrade your subscription or delete a professional voice to add another.`,
  }),
  notVerified: (): CloningRefusal => ({
    status: 400,
    code: 'voice_not_verified',
    message: 'Verify the voice first: read the captcha text aloud and upload the recording.',
  }),
  notEnoughSpeech: (seconds: number): CloningRefusal => ({
    status: 400,
    code: 'not_enough_speech',
    message: `The samples hold ${seconds.toFixed(1)} seconds of speech; professional training needs at least ${MIN_PVC_TRAINING_SPEECH_SECONDS} seconds.`,
  }),
  alreadyTraining: (): CloningRefusal => ({
    status: 409,
    code: 'training_in_progress',
    message: 'This voice is already being trained.',
  }),
  tooManySamples: (count: number): CloningRefusal => ({
    status: 400,
    code: 'too_many_samples',
    message: `A professional voice can have at most ${MAX_PVC_SAMPLES} samples; this request would give it ${count}.`,
  }),
  attemptsUsed: (): CloningRefusal => ({
    status: 400,
    code: 'verification_attempts_exhausted',
    message: `All ${MAX_VERIFICATION_ATTEMPTS} captcha attempts are used. Request manual verification instead.`,
  }),
  notTrained: (name: string): CloningRefusal => ({
    status: 400,
    code: 'voice_not_fine_tuned',
    message: `The professional voice ${name} has not been trained yet. Train it before generating speech with it.`,
  }),
};

/** Refuses a new professional voice over the plan's professional limit (plus extra_pvc_slots). */
export function refuseProfessionalAdd(o: {
  tier: string;
  extraPvcSlots: number;
  professionalVoices: number;
}): CloningRefusal | undefined {
  const limit = professionalVoiceLimit(o.tier, o.extraPvcSlots);
  return o.professionalVoices >= limit
    ? pvcRefusals.professionalLimit(o.professionalVoices, limit)
    : undefined;
}

/** Refuses training: not verified, already running, or too little speech. */
export function refuseTraining(o: {
  verified: boolean;
  state: FineTuningState;
  speechSeconds: number;
}): CloningRefusal | undefined {
  if (o.state === 'queued' || o.state === 'fine_tuning') return pvcRefusals.alreadyTraining();
  if (!o.verified) return pvcRefusals.notVerified();
  if (o.speechSeconds < MIN_PVC_TRAINING_SPEECH_SECONDS) return pvcRefusals.notEnoughSpeech(o.speechSeconds);
  return undefined;
}

/**
 * How well a recording read the captcha: `recall` = share of the shown words recognised in order
 * (word-level edit distance without insertions), `distance` = the full word Levenshtein distance.
 */
export function captchaMatch(errors: {
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}): { recall: number; distance: number; accepted: boolean } {
  const recall = errors.referenceWords
    ? Math.max(0, 1 - (errors.substitutions + errors.deletions) / errors.referenceWords)
    : 0;
  return {
    recall,
    distance: errors.substitutions + errors.deletions + errors.insertions,
    accepted: recall >= CAPTCHA_MIN_WORD_RECALL,
  };
}

/** Why a captcha recording was refused, as the attempt and the API say it. */
export const CAPTCHA_FAILURES = {
  words: 'The recording did not read the captcha text.',
  speaker: "The recording's voice does not match the voice's samples.",
  noVoice: 'No voiced speech was found in the recording.',
} as const;

/**
 * The captcha's verdict: the shown words were read (`captchaMatch`) by the voice of the samples
 * (`speakerDistance`, NaN when the recording or the samples had no voiced speech to compare).
 */
export function captchaVerdict(o: { recall: number; speakerDistance: number }): {
  accepted: boolean;
  failure?: keyof typeof CAPTCHA_FAILURES;
} {
  if (o.recall < CAPTCHA_MIN_WORD_RECALL) return { accepted: false, failure: 'words' };
  if (!Number.isFinite(o.speakerDistance)) return { accepted: false, failure: 'noVoice' };
  if (o.speakerDistance > CAPTCHA_MAX_SPEAKER_DISTANCE) return { accepted: false, failure: 'speaker' };
  return { accepted: true };
}
