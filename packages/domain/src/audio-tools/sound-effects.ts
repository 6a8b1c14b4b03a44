/**
 * Rules of sound generation (decision 102): which sounds the built-in generator can honestly make, how a
 * prompt is read into them (a keyword matcher, no model), the duration and influence limits, and the
 * refusals. The generator synthesises each category from signal processing (packages/speech/src/sfx); a
 * prompt naming a sound it cannot make is refused with the list of what it can, never answered with noise.
 */

/** ElevenLabs' limits for duration_seconds and prompt_influence (the SDK's CreateSoundEffectRequest). */
export const MIN_SFX_SECONDS = 0.5;
export const MAX_SFX_SECONDS = 30;
export const DEFAULT_PROMPT_INFLUENCE = 0.3;
export const MAX_SFX_PROMPT = 1000;

export const SOUND_CATEGORIES = [
  'rain',
  'thunder',
  'wind',
  'ocean',
  'fire',
  'engine',
  'footsteps',
  'clicks',
  'whoosh',
  'tone',
  'ui',
  'alarm',
  'heartbeat',
  'noise',
] as const;
export type SoundCategory = (typeof SOUND_CATEGORIES)[number];

export interface CategoryInfo {
  id: SoundCategory;
  name: string;
  description: string;
  /** Words (lower case, matched as whole words or word starts) that choose the category. */
  keywords: readonly string[];
  /** Seconds made when duration_seconds is not given. */
  defaultSeconds: number;
  /** Prompts shown on the explore pages (each is served by this category). */
  examples: readonly string[];
}

export const CATEGORIES: readonly CategoryInfo[] = [
  {
    id: 'rain',
    name: 'Rain',
    description: 'Rain on a surface: a bed of drops with many small transients.',
    keywords: ['rain', 'raining', 'rainfall', 'drizzle', 'downpour', 'raindrop', 'shower'],
    defaultSeconds: 10,
    examples: ['Heavy rain on a roof', 'Light drizzle'],
  },
  {
    id: 'thunder',
    name: 'Thunder',
    description: 'A thunder clap and its long low rumble.',
    keywords: ['thunder', 'thunderstorm', 'lightning', 'thunderclap'],
    defaultSeconds: 8,
    examples: ['Distant thunder', 'Loud thunder clap'],
  },
  {
    id: 'wind',
    name: 'Wind',
    description: 'Wind with slowly moving pitch and gusts.',
    keywords: ['wind', 'windy', 'breeze', 'gust', 'gusts', 'gale', 'blizzard', 'howling'],
    defaultSeconds: 10,
    examples: ['Howling wind', 'Gentle breeze'],
  },
  {
    id: 'ocean',
    name: 'Ocean waves',
    description: 'Waves that swell and wash out, every few seconds.',
    keywords: ['ocean', 'wave', 'waves', 'sea', 'surf', 'shore', 'beach', 'tide', 'seaside'],
    defaultSeconds: 12,
    examples: ['Ocean waves on the shore', 'Calm sea'],
  },
  {
    id: 'fire',
    name: 'Fire',
    description: 'A fire: low roar with sparse crackles and pops.',
    keywords: [
      'fire',
      'campfire',
      'fireplace',
      'bonfire',
      'crackle',
      'crackling',
      'flame',
      'flames',
      'burning',
    ],
    defaultSeconds: 10,
    examples: ['Crackling campfire', 'Fireplace'],
  },
  {
    id: 'engine',
    name: 'Engine and motor',
    description: 'An engine or motor hum: a firing tone with its harmonics.',
    keywords: [
      'engine',
      'motor',
      'idle',
      'idling',
      'car',
      'truck',
      'generator',
      'machine',
      'hum',
      'humming',
      'rumble',
    ],
    defaultSeconds: 8,
    examples: ['Car engine idling', 'Low machine hum'],
  },
  {
    id: 'footsteps',
    name: 'Footsteps',
    description: 'Steps at a walking or running pace.',
    keywords: ['footstep', 'footsteps', 'steps', 'walking', 'walk', 'running', 'stomp'],
    defaultSeconds: 5,
    examples: ['Footsteps walking', 'Fast running footsteps'],
  },
  {
    id: 'clicks',
    name: 'Clicks and ticks',
    description: 'Clicks, a ticking clock or typing.',
    keywords: [
      'click',
      'clicks',
      'clicking',
      'tick',
      'ticking',
      'tock',
      'clock',
      'typing',
      'keyboard',
      'keystroke',
      'metronome',
    ],
    defaultSeconds: 4,
    examples: ['Ticking clock', 'Keyboard typing'],
  },
  {
    id: 'whoosh',
    name: 'Whoosh',
    description: 'A swept-noise whoosh for transitions and passes.',
    keywords: ['whoosh', 'woosh', 'swoosh', 'swish', 'swoop', 'sweep', 'transition', 'swipe'],
    defaultSeconds: 1.5,
    examples: ['Fast whoosh transition', 'Low swoosh'],
  },
  {
    id: 'tone',
    name: 'Tones and beeps',
    description: 'A pure tone or beeps at a pitch (say "440 Hz").',
    keywords: ['tone', 'beep', 'beeps', 'beeping', 'bleep', 'sine', 'hz', 'test tone'],
    defaultSeconds: 1,
    examples: ['1000 Hz beep', 'Low 220 Hz tone'],
  },
  {
    id: 'ui',
    name: 'Interface sounds',
    description: 'Chimes for notifications, success and error.',
    keywords: [
      'ui',
      'interface',
      'notification',
      'chime',
      'ding',
      'success',
      'error',
      'button',
      'pop',
      'message',
      'ping',
    ],
    defaultSeconds: 1,
    examples: ['Notification chime', 'Error sound'],
  },
  {
    id: 'alarm',
    name: 'Alarms and sirens',
    description: 'A wailing siren or a pulsing alarm buzzer.',
    keywords: ['alarm', 'siren', 'alert', 'buzzer', 'klaxon', 'warning'],
    defaultSeconds: 4,
    examples: ['Police siren', 'Alarm buzzer'],
  },
  {
    id: 'heartbeat',
    name: 'Heartbeat',
    description: 'A lub-dub heartbeat at a resting or racing pace.',
    keywords: ['heartbeat', 'heart', 'heartbeats', 'pulse'],
    defaultSeconds: 5,
    examples: ['Slow heartbeat', 'Racing heartbeat'],
  },
  {
    id: 'noise',
    name: 'Noise',
    description: 'White, pink or brown noise, or radio static.',
    keywords: ['noise', 'static', 'hiss', 'white noise', 'pink noise', 'brown noise'],
    defaultSeconds: 10,
    examples: ['Brown noise', 'Radio static'],
  },
];

/**
 * Sound sources the generator cannot make: a prompt naming one is refused even when it also names a
 * category ("dog barking in the rain" must not come back as rain alone).
 */
export const UNSERVED_SOURCES: readonly string[] = [
  'dog',
  'bark',
  'cat',
  'meow',
  'bird',
  'birds',
  'chirp',
  'horse',
  'cow',
  'animal',
  'voice',
  'speech',
  'talking',
  'speaking',
  'laugh',
  'laughing',
  'scream',
  'crying',
  'baby',
  'crowd',
  'applause',
  'clapping',
  'music',
  'song',
  'singing',
  'guitar',
  'piano',
  'drum',
  'drums',
  'violin',
  'orchestra',
  'explosion',
  'gunshot',
  'gun',
  'glass',
  'shatter',
  'door',
  'knock',
  'knocking',
  'water',
  'splash',
  'river',
  'stream',
  'waterfall',
  'helicopter',
  'airplane',
  'plane',
  'train',
  'bell',
  'bells',
  'phone',
  'whistle',
  'cough',
  'sneeze',
  'snoring',
  'insects',
  'crickets',
  'frog',
  'wolf',
  'lion',
  'monster',
  'dragon',
  'laser',
  'robot',
];

export interface SoundModifiers {
  /** 0..1: light, gentle, distant → low; heavy, loud, intense → high. */
  intensity: number;
  /** -1 low/deep, 0, 1 high. */
  pitch: number;
  /** -1 slow, 0, 1 fast. */
  tempo: number;
  /** A frequency the prompt names ("440 Hz"). */
  frequencyHz?: number;
  /** Words that pick a variant inside a category (e.g. error, siren, typing, brown). */
  variants: string[];
}

export interface SoundPlan {
  /** Categories to layer, the first being the main one (at most three). */
  categories: SoundCategory[];
  modifiers: SoundModifiers;
  /** The keywords that chose the categories, for the caller to see. */
  matched: string[];
}

export type SoundMatch =
  | { ok: true; plan: SoundPlan }
  | { ok: false; reason: 'unserved'; sources: string[] }
  | { ok: false; reason: 'unknown' };

const words = (prompt: string): string[] => prompt.toLowerCase().match(/[a-z]+|\d+(?:\.\d+)?/g) ?? [];

const has = (tokens: string[], phrase: string): boolean => {
  const parts = phrase.split(' ');
  for (let i = 0; i + parts.length <= tokens.length; i++)
    if (parts.every((p, j) => tokens[i + j] === p)) return true;
  return false;
};

const LOW_INTENSITY = [
  'light',
  'gentle',
  'soft',
  'quiet',
  'distant',
  'faint',
  'calm',
  'subtle',
  'slight',
  'far',
];
const HIGH_INTENSITY = [
  'heavy',
  'loud',
  'strong',
  'intense',
  'violent',
  'huge',
  'massive',
  'powerful',
  'big',
  'hard',
];
const LOW_PITCH = ['low', 'deep', 'bass', 'rumbling', 'dark'];
const HIGH_PITCH = ['high', 'bright', 'sharp', 'shrill', 'thin'];
const SLOW = ['slow', 'slowly', 'resting', 'calm', 'lazy'];
const FAST = ['fast', 'quick', 'quickly', 'rapid', 'racing', 'running', 'hurried'];
const VARIANTS = [
  'error',
  'success',
  'siren',
  'police',
  'ambulance',
  'buzzer',
  'typing',
  'keyboard',
  'clock',
  'brown',
  'pink',
  'white',
  'static',
  'beeps',
  'beeping',
  'reverse',
  'car',
  'truck',
];

/**
 * Reads a prompt into the categories to make and their modifiers. Pure: the same prompt gives the same
 * plan. A prompt naming an unserved source, or none of the categories, is not served.
 */
export function matchSoundPrompt(prompt: string): SoundMatch {
  const tokens = words(prompt);
  const unserved = UNSERVED_SOURCES.filter((s) => tokens.includes(s));
  if (unserved.length) return { ok: false, reason: 'unserved', sources: unserved };
  const found: { id: SoundCategory; at: number; word: string }[] = [];
  for (const c of CATEGORIES) {
    let at = -1;
    let word = '';
    for (const k of c.keywords) {
      const i = k.includes(' ')
        ? has(tokens, k)
          ? tokens.indexOf(k.split(' ')[0]!)
          : -1
        : tokens.indexOf(k);
      if (i >= 0 && (at < 0 || i < at)) [at, word] = [i, k];
    }
    // "440 Hz" names a tone even without the word.
    if (c.id === 'tone' && at < 0 && /\d\s*hz\b/i.test(prompt)) [at, word] = [0, 'hz'];
    if (at >= 0) found.push({ id: c.id, at, word });
  }
  if (!found.length) return { ok: false, reason: 'unknown' };
  found.sort((a, b) => a.at - b.at);
  // Categories layer in the order the prompt names them; a thunderstorm brings its rain when none is named.
  const ids = found.map((f) => f.id);
  if (tokens.includes('thunderstorm') && !ids.includes('rain')) ids.push('rain');
  const categories = [...new Set(ids)].slice(0, 3);
  const some = (list: string[]) => list.some((w) => tokens.includes(w));
  const hz = /(\d+(?:\.\d+)?)\s*(k?)hz\b/i.exec(prompt);
  const frequencyHz = hz ? Number(hz[1]) * (hz[2] ? 1000 : 1) : undefined;
  return {
    ok: true,
    plan: {
      categories,
      matched: found.map((f) => f.word),
      modifiers: {
        intensity: some(HIGH_INTENSITY) ? 0.95 : some(LOW_INTENSITY) ? 0.3 : 0.6,
        pitch: some(LOW_PITCH) ? -1 : some(HIGH_PITCH) ? 1 : 0,
        tempo: some(FAST) ? 1 : some(SLOW) ? -1 : 0,
        ...(frequencyHz && frequencyHz >= 20 && frequencyHz <= 16000 ? { frequencyHz } : {}),
        variants: VARIANTS.filter((v) => tokens.includes(v)),
      },
    },
  };
}

/** The message of a 422 for a prompt the generator cannot serve: why, and what it can make. */
export function unservedPromptMessage(match: Exclude<SoundMatch, { ok: true }>): string {
  const can = CATEGORIES.map((c) => c.name.toLowerCase()).join(', ');
  const why =
    match.reason === 'unserved'
      ? `The built-in sound generator cannot make ${match.sources.map((s) => `"${s}"`).join(', ')}: it synthesises sounds from signal processing and has no recordings or model for them.`
      : 'The built-in sound generator did not recognise a sound it can make in this prompt.';
  return `${why} It can make: ${can}. Name one of these in the prompt (for example "heavy rain on a roof" or "1000 Hz beep").`;
}

/** Seconds to make: the requested duration, or the main category's default when none is given. */
export function soundSeconds(plan: SoundPlan, requested: number | null | undefined): number {
  if (requested !== null && requested !== undefined) return requested;
  return CATEGORIES.find((c) => c.id === plan.categories[0])!.defaultSeconds;
}

/** The seconds a generation is charged: the duration made, rounded up to the tenth. */
export const chargedSfxSeconds = (seconds: number): number => Math.ceil(seconds * 10 - 1e-9) / 10;

/** The quota message for sound-effect seconds. */
export function sfxQuotaMessage(remaining: number, requested: number): string {
  return `This sound effect needs ${requested} seconds, but your plan has only ${Math.max(0, Math.floor(remaining * 10) / 10)} seconds of sound effects left this month.`;
}
