import type { VoiceAttributes } from '@vocalis/domain/voices/voice-description';

/** How the dialog names each attribute and value. */
export const ATTRIBUTE_NAMES: Record<keyof VoiceAttributes, string> = {
  gender: 'Gender',
  age: 'Age',
  accent: 'Accent',
  pitch: 'Pitch',
  pace: 'Pace',
  energy: 'Energy',
  tone: 'Tone',
};

const VALUE_NAMES: Record<string, string> = {
  middle_aged: 'middle-aged',
  very_low: 'very low',
  very_high: 'very high',
  very_slow: 'very slow',
  very_fast: 'very fast',
  american: 'American',
  british: 'British',
  scottish: 'Scottish',
};

/** A value as the dialog shows it ("middle_aged" → "middle-aged"). */
export const valueName = (value: string) => VALUE_NAMES[value] ?? value;

/** The attributes in the order the dialog lists them. */
export const ATTRIBUTE_ORDER = Object.keys(ATTRIBUTE_NAMES) as (keyof VoiceAttributes)[];
