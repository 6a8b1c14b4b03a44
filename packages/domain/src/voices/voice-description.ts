/**
 * Voice design's description parser (issue 10 "Voice design"): a free-text description such as "a deep,
 * slow, older British man, warm and calm" read into the attributes a profile voice can apply (gender,
 * age, accent, pitch, pace, energy, tone), plus the words it did not use, so the product can say what
 * it understood and what it ignored. Table-driven and deterministic: no model reads the text.
 */

export type DesignGender = 'male' | 'female';
export type DesignAge = 'young' | 'middle_aged' | 'old';
/** The accents an installed English voice can carry (RHVoice/Flite/eSpeak-NG, docs/decisions/075). */
export type DesignAccent = 'american' | 'british' | 'scottish';
export type DesignPitch = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';
export type DesignPace = 'very_slow' | 'slow' | 'normal' | 'fast' | 'very_fast';
export type DesignEnergy = 'calm' | 'neutral' | 'energetic';
export type DesignTone = 'warm' | 'neutral' | 'bright';

/** What a description said; absent attributes were left open. */
export interface VoiceAttributes {
  gender?: DesignGender;
  age?: DesignAge;
  accent?: DesignAccent;
  pitch?: DesignPitch;
  pace?: DesignPace;
  energy?: DesignEnergy;
  tone?: DesignTone;
}

export type AttributeName = keyof VoiceAttributes;

/** One word (or phrase) of the description and what it set. */
export interface UnderstoodWord {
  word: string;
  attribute: AttributeName;
  value: string;
}

export interface ParsedDescription {
  attributes: VoiceAttributes;
  understood: UnderstoodWord[];
  /** Words that were neither an attribute nor filler, in the order written, each once. */
  unused: string[];
}

type Entry = {
  [K in AttributeName]: { attribute: K; value: NonNullable<VoiceAttributes[K]> };
}[AttributeName];

const set = <K extends AttributeName>(attribute: K, value: NonNullable<VoiceAttributes[K]>) =>
  ({ attribute, value }) as Entry;

/** Several-word phrases, matched before single words ("middle aged" is not "aged"). */
const PHRASES: Record<string, Entry[]> = {
  'middle aged': [set('age', 'middle_aged')],
  'high pitched': [set('pitch', 'high')],
  'low pitched': [set('pitch', 'low')],
  'laid back': [set('energy', 'calm')],
  'united states': [set('accent', 'american')],
  'united kingdom': [set('accent', 'british')],
  'north american': [set('accent', 'american')],
};

const WORDS: Record<string, Entry[]> = {
  ...each(['man', 'male', 'guy', 'gentleman', 'masculine', 'he', 'his', 'him'], set('gender', 'male')),
  ...each(['woman', 'female', 'lady', 'feminine', 'she', 'her'], set('gender', 'female')),
  ...each(['boy', 'lad'], set('gender', 'male'), set('age', 'young')),
  ...each(['girl'], set('gender', 'female'), set('age', 'young')),
  ...each(['grandfather', 'grandpa', 'grandad'], set('gender', 'male'), set('age', 'old')),
  ...each(['grandmother', 'grandma', 'granny'], set('gender', 'female'), set('age', 'old')),
  ...each(
    ['young', 'younger', 'youthful', 'teen', 'teenage', 'teenager', 'kid', 'child'],
    set('age', 'young'),
  ),
  ...each(['adult', 'mature', 'midlife'], set('age', 'middle_aged')),
  ...each(['old', 'older', 'elderly', 'aged', 'senior', 'aging', 'ageing'], set('age', 'old')),
  ...each(['american', 'us', 'usa', 'yankee'], set('accent', 'american')),
  ...each(['british', 'english', 'uk', 'london', 'londoner', 'rp'], set('accent', 'british')),
  ...each(['scottish', 'scots', 'scot', 'scotland', 'glaswegian'], set('accent', 'scottish')),
  ...each(['deep', 'deeper', 'low', 'lower', 'bass', 'baritone', 'booming'], set('pitch', 'low')),
  ...each(['high', 'higher', 'squeaky', 'shrill', 'soprano', 'piping'], set('pitch', 'high')),
  ...each(
    ['slow', 'slowly', 'slower', 'unhurried', 'leisurely', 'measured', 'drawling'],
    set('pace', 'slow'),
  ),
  ...each(['fast', 'faster', 'quick', 'quickly', 'rapid', 'brisk', 'hurried', 'speedy'], set('pace', 'fast')),
  ...each(
    [
      'calm',
      'calmer',
      'relaxed',
      'soothing',
      'gentle',
      'soft',
      'quiet',
      'serene',
      'sleepy',
      'tired',
      'monotone',
    ],
    set('energy', 'calm'),
  ),
  ...each(
    ['energetic', 'excited', 'lively', 'enthusiastic', 'upbeat', 'cheerful', 'animated', 'dynamic', 'bubbly'],
    set('energy', 'energetic'),
  ),
  ...each(['expressive', 'dramatic', 'passionate', 'peppy'], set('energy', 'energetic')),
  ...each(['warm', 'warmer', 'rich', 'dark', 'mellow', 'smooth', 'velvety', 'round'], set('tone', 'warm')),
  ...each(['bright', 'brighter', 'crisp', 'clear', 'sharp', 'thin', 'brilliant'], set('tone', 'bright')),
};

function each(words: string[], ...entries: Entry[]): Record<string, Entry[]> {
  return Object.fromEntries(words.map((w) => [w, entries]));
}

/** Words that make the next pitch or pace word extreme ("very deep" → very_low). */
const INTENSIFIERS = new Set(['very', 'extremely', 'really', 'super', 'incredibly', 'exceptionally']);

/** Filler: neither used nor reported as unused. */
const FILLER = new Set(
  (
    'a an the and or with of in on to for by as at is are be it its that who which this ' +
    'voice voices sounding sounds sound speaker speaks speaking talks talking narrator person ' +
    'accent accented tone toned pitch pitched pace paced tempo delivery ' +
    'quite slightly somewhat rather bit little fairly pretty kind sort but yet also ' +
    'make makes made more less someone somebody like has have having'
  ).split(' '),
);

const STRONGER: Partial<Record<string, string>> = {
  low: 'very_low',
  high: 'very_high',
  slow: 'very_slow',
  fast: 'very_fast',
};

/** Lower-case words of a description; hyphens and punctuation split words, apostrophes are dropped. */
export function descriptionWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Reads a description into attributes; a later word wins over an earlier one of the same attribute. */
export function parseVoiceDescription(text: string): ParsedDescription {
  const words = descriptionWords(text);
  const attributes: Record<string, string> = {};
  const understood: UnderstoodWord[] = [];
  const unused: string[] = [];
  let intensify: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const pair = i + 1 < words.length ? `${word} ${words[i + 1]}` : '';
    let entries = PHRASES[pair];
    let matched = pair;
    if (entries) i++;
    else {
      entries = WORDS[word];
      matched = word;
    }
    if (entries) {
      for (const e of entries) {
        const strong = intensify && (e.attribute === 'pitch' || e.attribute === 'pace');
        const value = (strong && STRONGER[e.value]) || e.value;
        attributes[e.attribute] = value;
        understood.push({
          word: strong ? `${intensify} ${matched}` : matched,
          attribute: e.attribute,
          value,
        });
      }
      intensify = undefined;
      continue;
    }
    if (INTENSIFIERS.has(word)) {
      intensify = word;
      continue;
    }
    intensify = undefined;
    if (!FILLER.has(word) && !unused.includes(word)) unused.push(word);
  }
  return { attributes: attributes as VoiceAttributes, understood, unused };
}
