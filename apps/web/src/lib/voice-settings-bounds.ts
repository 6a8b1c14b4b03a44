import type { VoiceSettingsResponse } from '@vocalis/contracts/voices';

export type SliderKey = 'stability' | 'similarity_boost' | 'style' | 'speed';

export type SliderSpec = {
  key: SliderKey;
  label: string;
  min: number;
  max: number;
  step: number;
  /** Labels under the two ends of the slider. */
  ends: [string, string];
  /** "A voice field beyond its warn bounds shows '- Unstable' in red" (§5). */
  warnMin?: number;
  warnMax?: number;
};

/**
 * The warn bounds are ours (the spec names the rule, not the numbers). Chosen where the built-in and
 * ElevenLabs engines audibly degrade:
 * - stability below 0.25: delivery becomes erratic from sentence to sentence;
 * - similarity above 0.95: artefacts of the reference recording get reproduced;
 * - style above 0.5: exaggeration starts to distort the voice and slows generation;
 * - speed below 0.8 or above 1.15: the ends of the 0.7–1.2 range stretch or clip phonemes.
 */
export const SLIDERS: readonly SliderSpec[] = [
  {
    key: 'speed',
    label: 'Speed',
    min: 0.7,
    max: 1.2,
    step: 0.01,
    ends: ['Slower', 'Faster'],
    warnMin: 0.8,
    warnMax: 1.15,
  },
  {
    key: 'stability',
    label: 'Stability',
    min: 0,
    max: 1,
    step: 0.01,
    ends: ['More variable', 'More stable'],
    warnMin: 0.25,
  },
  {
    key: 'similarity_boost',
    label: 'Similarity',
    min: 0,
    max: 1,
    step: 0.01,
    ends: ['Low', 'High'],
    warnMax: 0.95,
  },
  {
    key: 'style',
    label: 'Style exaggeration',
    min: 0,
    max: 1,
    step: 0.01,
    ends: ['None', 'Exaggerated'],
    warnMax: 0.5,
  },
];

/** Whether `value` lies beyond the slider's warn bounds. */
export function isUnstable(spec: Pick<SliderSpec, 'warnMin' | 'warnMax'>, value: number): boolean {
  return (
    (spec.warnMin !== undefined && value < spec.warnMin) ||
    (spec.warnMax !== undefined && value > spec.warnMax)
  );
}

export type VoiceSettingsValue = VoiceSettingsResponse;

/** The server's defaults when GET /v1/voices/settings/default has not answered. */
export const FALLBACK_SETTINGS: VoiceSettingsValue = {
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  use_speaker_boost: true,
  speed: 1,
};

/** Whether two sets of settings are the same (slider values compared to a step's precision). */
export function sameSettings(a: VoiceSettingsValue, b: VoiceSettingsValue): boolean {
  return (
    a.use_speaker_boost === b.use_speaker_boost &&
    SLIDERS.every((s) => Math.abs(a[s.key] - b[s.key]) < s.step / 2)
  );
}
