/**
 * From a description's attributes to what a profile voice applies (docs/decisions/075): three preview
 * variants that differ along what the description left open, the pitch/pace/range/brightness each asks
 * for, the text a preview speaks when the caller sends none, and the text rules of textToVoice.
 */
import type {
  AttributeName,
  DesignAccent,
  DesignAge,
  DesignEnergy,
  DesignGender,
  DesignPace,
  DesignPitch,
  DesignTone,
  VoiceAttributes,
} from './voice-description';

/** Every attribute decided: one preview's voice. `variation` (−1, 0, 1) nudges pitch and pace a little. */
export interface DesignedAttributes {
  gender: DesignGender;
  age: DesignAge;
  accent: DesignAccent;
  pitch: DesignPitch;
  pace: DesignPace;
  energy: DesignEnergy;
  tone: DesignTone;
  variation: -1 | 0 | 1;
}

/** How many previews a design call returns (ElevenLabs returns three). */
export const PREVIEW_COUNT = 3;

/** How long a preview can be turned into a voice (and its audio streamed) after it was generated. */
export const PREVIEW_TTL_HOURS = 24;

/** ElevenLabs: "Text to generate, text length has to be between 100 and 1000." */
export const PREVIEW_TEXT_MIN = 100;
export const PREVIEW_TEXT_MAX = 1000;
/** Our bound on a description (ElevenLabs documents 20–1000 characters for voice_description). */
export const DESCRIPTION_MIN = 3;
export const DESCRIPTION_MAX = 1000;

export const previewTextRefusal = (length: number) =>
  `text must be between ${PREVIEW_TEXT_MIN} and ${PREVIEW_TEXT_MAX} characters (it has ${length}); ` +
  'leave it out or set auto_generate_text to have a text written for the voice.';

/** The values each open attribute is spread over, in the order the previews take them. */
const SPREAD: { [K in Exclude<AttributeName, 'accent'>]: readonly NonNullable<VoiceAttributes[K]>[] } = {
  gender: ['female', 'male', 'female'],
  age: ['young', 'middle_aged', 'old'],
  pitch: ['low', 'medium', 'high'],
  pace: ['slow', 'normal', 'fast'],
  energy: ['calm', 'neutral', 'energetic'],
  tone: ['warm', 'neutral', 'bright'],
};

const DEFAULTS: Omit<DesignedAttributes, 'variation'> = {
  gender: 'female',
  age: 'middle_aged',
  accent: 'american',
  pitch: 'medium',
  pace: 'normal',
  energy: 'neutral',
  tone: 'neutral',
};

/** The attributes open in a description, in the order previews spread them. */
export function openAttributes(a: VoiceAttributes): Exclude<AttributeName, 'accent'>[] {
  return (Object.keys(SPREAD) as Exclude<AttributeName, 'accent'>[]).filter((k) => a[k] === undefined);
}

/**
 * Three previews for a description: the first open attribute takes its three values in order, the
 * second one shifted by one (so two previews never share both); a description that leaves nothing open
 * gets three small variations of the one voice it describes. `seed` rotates the spread.
 */
export function previewAttributes(a: VoiceAttributes, seed = 0): DesignedAttributes[] {
  const open = openAttributes(a);
  const base = { ...DEFAULTS, ...a };
  const shift = Math.abs(Math.trunc(seed)) % PREVIEW_COUNT;
  return Array.from({ length: PREVIEW_COUNT }, (_, i) => {
    const out: Record<string, unknown> = { ...base, variation: 0 };
    const at = (i + shift) % PREVIEW_COUNT;
    const [first, second] = open;
    if (first) out[first] = SPREAD[first][at];
    if (second) out[second] = SPREAD[second][(at + 1) % PREVIEW_COUNT];
    if (!first) out.variation = ([-1, 0, 1] as const)[at]!;
    return out as unknown as DesignedAttributes;
  });
}

/**
 * Three variations of a remix: the remix's attributes over what the voice was, each nudged a little. A
 * designed voice knows its attributes (`was`), so the remix is designed afresh from them; a cloned voice
 * only its gender (and labels), so neutral values stand in and its targets apply relative to the voice.
 */
export function remixAttributes(
  a: VoiceAttributes,
  was: Partial<Omit<DesignedAttributes, 'variation'>> & { gender: DesignGender },
): DesignedAttributes[] {
  return ([-1, 0, 1] as const).map((variation) => ({ ...DEFAULTS, ...was, ...a, variation }));
}

/** A stored attribute record read back (a designed voice's `design`), or undefined when it is not one. */
export function designedAttributesOf(
  v: Record<string, string> | undefined,
): Omit<DesignedAttributes, 'variation'> | undefined {
  if (!v) return undefined;
  const out = { ...DEFAULTS } as Record<string, string>;
  for (const k of Object.keys(DEFAULTS)) if (typeof v[k] === 'string') out[k] = v[k];
  return out as Omit<DesignedAttributes, 'variation'>;
}

/** What a designed voice asks of a base voice: relative to the gender's centre and the base's own delivery. */
export interface DesignTargets {
  /** Median f0, semitones from the gender's centre (or the remixed voice's pitch). */
  pitchSemitones: number;
  /** Speaking rate, × the base voice's (or the remixed voice's). */
  rateFactor: number;
  /** Intonation range, × the base voice's. */
  rangeFactor: number;
  /** High-shelf brightness added to the base voice's, dB. */
  brightnessDb: number;
}

/** The median f0 a designed voice of each gender is centred on (typical adult speech). */
export const CENTRE_PITCH_HZ: Record<DesignGender, number> = { male: 118, female: 205 };

const PITCH_SEMITONES: Record<DesignPitch, number> = {
  very_low: -5,
  low: -3,
  medium: 0,
  high: 3,
  very_high: 5,
};
const PACE: Record<DesignPace, number> = {
  very_slow: 0.72,
  slow: 0.83,
  normal: 1,
  fast: 1.2,
  very_fast: 1.36,
};
const AGE: Record<DesignAge, { semitones: number; rate: number; range: number }> = {
  young: { semitones: 1.5, rate: 1.06, range: 1.1 },
  middle_aged: { semitones: 0, rate: 1, range: 1 },
  old: { semitones: -1.5, rate: 0.9, range: 0.85 },
};
const ENERGY: Record<DesignEnergy, { rate: number; range: number; brightnessDb: number }> = {
  calm: { rate: 0.95, range: 0.7, brightnessDb: -1 },
  neutral: { rate: 1, range: 1, brightnessDb: 0 },
  energetic: { rate: 1.06, range: 1.45, brightnessDb: 1.5 },
};
const TONE: Record<DesignTone, number> = { warm: -4, neutral: 0, bright: 4 };

/** The pitch, pace, range and brightness a preview's attributes ask for. */
export function designTargets(d: DesignedAttributes): DesignTargets {
  const age = AGE[d.age];
  const energy = ENERGY[d.energy];
  return {
    pitchSemitones: PITCH_SEMITONES[d.pitch] + age.semitones + 0.8 * d.variation,
    rateFactor: PACE[d.pace] * age.rate * energy.rate * (1 + 0.05 * d.variation),
    rangeFactor: age.range * energy.range,
    brightnessDb: TONE[d.tone] + energy.brightnessDb,
  };
}

/** A median f0 moved by semitones. */
export const shiftPitch = (hz: number, semitones: number) => hz * 2 ** (semitones / 12);

/**
 * The text a preview speaks when the caller sends none (ElevenLabs' auto_generate_text): chosen by the
 * voice's energy so a calm voice does not read an announcement. Each is 100–1000 characters.
 */
export function autoPreviewText(a: VoiceAttributes): string {
  if (a.energy === 'energetic')
    return (
      "Hey there, welcome in! I've got some great news to share with you today, so grab a seat, " +
      "get comfortable, and let's dive right into it together, because this is going to be fun."
    );
  if (a.energy === 'calm')
    return (
      'Take a slow breath and let your shoulders drop. There is no hurry tonight. The rain is soft ' +
      'against the window, the lamp is warm, and the rest of the evening belongs to you.'
    );
  return (
    'Good evening, and thank you for listening. In the next few minutes I will walk you through ' +
    'the story of a small harbour town, the people who built it, and the storm that changed it.'
  );
}

/** Labels a designed voice carries (the ElevenLabs label set). */
export function designLabels(d: Omit<DesignedAttributes, 'variation'>): Record<string, string> {
  const descriptive = [
    d.pitch === 'medium' ? undefined : d.pitch.replace('_', ' '),
    d.pace === 'normal' ? undefined : d.pace.replace('_', ' '),
    d.energy === 'neutral' ? undefined : d.energy,
    d.tone === 'neutral' ? undefined : d.tone,
  ].filter(Boolean);
  return {
    gender: d.gender,
    age: d.age,
    accent: d.accent,
    descriptive: descriptive.join(', ') || 'neutral',
    use_case: 'generated',
  };
}
