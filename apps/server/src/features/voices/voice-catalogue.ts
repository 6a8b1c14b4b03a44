/**
 * The premade voices. Each is an engine voice with a prosody profile (pitch level, intonation range,
 * pace), described for what it is: a parametric (Flite) or formant (eSpeak-NG) voice, intelligible and
 * clearly synthetic. Ids are fixed forever: clients store them. Ages and descriptions are how the voice
 * is perceived, not a person's.
 */
import type { Prosody } from '@vocalis/speech/engine';
import type { VoiceProfile } from '../../speech/voice-profile';

/** The ElevenLabs label set every premade voice carries. */
export interface VoiceLabels {
  accent: string;
  gender: 'male' | 'female';
  age: 'young' | 'middle_aged' | 'old';
  descriptive: string;
  use_case: string;
}

/** One catalogue entry: the speech profile plus what the API shows. */
export interface CatalogueVoice extends VoiceProfile {
  name: string;
  description: string;
  labels: VoiceLabels;
  /** What the preview says, in the voice's language. */
  previewText: string;
}

type FliteVoice = 'kal16' | 'awb' | 'rms' | 'slt';
const FLITE_INFO: Record<FliteVoice, { what: string; espeak: string; remote: string }> = {
  kal16: { what: "Flite's kal16 diphone voice", espeak: 'klatt4', remote: 'onyx' },
  awb: { what: "Flite's awb voice (CMU Arctic, statistical parametric)", espeak: 'm3', remote: 'fable' },
  rms: { what: "Flite's rms voice (CMU Arctic, statistical parametric)", espeak: 'm2', remote: 'echo' },
  slt: { what: "Flite's slt voice (CMU Arctic, statistical parametric)", espeak: 'klatt5', remote: 'nova' },
};

const englishPreview = (name: string) =>
  `Hello, I'm ${name}, one of the built-in Vocalis voices. This is how I sound reading your text.`;

/** A voice built on Flite (English); its eSpeak rendering is a matching English variant. */
function flite(
  voiceId: string,
  name: string,
  voice: FliteVoice,
  prosody: Prosody,
  labels: VoiceLabels,
  character: string,
  extra: Partial<CatalogueVoice> = {},
): CatalogueVoice {
  const info = FLITE_INFO[voice];
  const locale = voice === 'awb' ? 'en-GB' : 'en-US';
  return {
    voiceId,
    name,
    engine: 'flite',
    language: 'en',
    locale,
    flite: { voice, prosody },
    espeak: { language: voice === 'awb' ? 'en-gb-scotland' : 'en-us', variant: info.espeak, prosody },
    remoteVoice: info.remote,
    labels,
    description: `${character} Built on ${info.what} with its own pitch and pace profile: a parametric voice, not a recording of a person. Clear and intelligible, clearly synthetic.`,
    previewText: englishPreview(name),
    ...extra,
  };
}

/** A voice built on eSpeak-NG; English requests on the English-only model use a matching Flite voice. */
function espeak(
  voiceId: string,
  name: string,
  language: string,
  locale: string,
  espeakVoice: string,
  variant: string,
  labels: VoiceLabels,
  character: string,
  previewText: string,
  prosody: Prosody = {},
): CatalogueVoice {
  const female = labels.gender === 'female';
  return {
    voiceId,
    name,
    engine: 'espeak',
    language,
    locale,
    flite: { voice: female ? 'slt' : 'kal16' },
    espeak: { language: espeakVoice, variant, prosody },
    remoteVoice: female ? 'shimmer' : 'onyx',
    labels,
    description: `${character} An eSpeak-NG formant voice (variant ${variant}): robotic and buzzy but intelligible, and very fast to generate. Not a recording of a person.`,
    previewText,
  };
}

const L = (
  accent: string,
  gender: VoiceLabels['gender'],
  age: VoiceLabels['age'],
  descriptive: string,
  use_case: string,
): VoiceLabels => ({ accent, gender, age, descriptive, use_case });

/** Every premade voice, in catalogue order. */
export const PREMADE_VOICES: readonly CatalogueVoice[] = [
  flite(
    'cZu6SI8gppUv1kFPCYh3',
    'Kal',
    'kal16',
    {},
    L('american', 'male', 'middle_aged', 'robotic', 'informative_educational'),
    'An American male voice with an even, mechanical delivery.',
  ),
  flite(
    'y7MIaeNYZ4sEevFw8pU8',
    'Karl',
    'kal16',
    { rate: 1.12, pitch: 1.1, pitchVariation: 1.3 },
    L('american', 'male', 'young', 'upbeat', 'social_media'),
    'A brisk, higher American male voice with livelier intonation.',
  ),
  flite(
    'hptVagBtl9roAVRsmNN6',
    'Kenneth',
    'kal16',
    { rate: 0.9, pitch: 0.85, pitchVariation: 0.7 },
    L('american', 'male', 'old', 'deep', 'narration'),
    'A low, slow and steady American male voice.',
  ),
  flite(
    'qWhDNFvmFJEdJgFdJDqp',
    'Alasdair',
    'awb',
    {},
    L('scottish', 'male', 'middle_aged', 'clear', 'conversational'),
    'A Scottish-accented English male voice.',
  ),
  flite(
    'NhCMDVHKIQl7yX3gLL0z',
    'Angus',
    'awb',
    { rate: 0.88, pitch: 0.9, pitchVariation: 0.8 },
    L('scottish', 'male', 'old', 'calm', 'narration'),
    'A slower, lower Scottish male voice for unhurried reading.',
  ),
  flite(
    'MjOjdDZaDzBfZHL6xImk',
    'Ewan',
    'awb',
    { rate: 1.1, pitch: 1.12, pitchVariation: 1.4 },
    L('scottish', 'male', 'young', 'lively', 'characters_animation'),
    'A quick, bright Scottish male voice with wide intonation.',
  ),
  flite(
    'PKSK2hUhQzBWvHvDHDvS',
    'Richard',
    'rms',
    {},
    L('american', 'male', 'middle_aged', 'steady', 'news'),
    'An American male voice with a neutral, steady read.',
  ),
  flite(
    'FgVezstvxkoQ6UJR3pki',
    'Ray',
    'rms',
    { rate: 1.1, pitchVariation: 1.5 },
    L('american', 'male', 'young', 'animated', 'conversational'),
    'A faster American male voice with animated intonation.',
  ),
  flite(
    'yGS55sreudyy3ZHvuHJI',
    'Martin',
    'rms',
    { rate: 0.87, pitchVariation: 0.55 },
    L('american', 'male', 'old', 'measured', 'informative_educational'),
    'A slow, nearly flat American male voice for careful instructions.',
  ),
  flite(
    'zjugDQR69KeBdVlIC4vX',
    'Susan',
    'slt',
    {},
    L('american', 'female', 'middle_aged', 'clear', 'narration'),
    'An American female voice with a clear, even read.',
  ),
  flite(
    'GuI41nIUB5jhRgGrHrlW',
    'Nora',
    'slt',
    { rate: 1.08, pitch: 1.15, pitchVariation: 1.3 },
    L('american', 'female', 'young', 'bright', 'social_media'),
    'A higher, quicker American female voice.',
  ),
  flite(
    'fI7I59w2W3CVbh1jDEyN',
    'Helen',
    'slt',
    { rate: 0.92, pitch: 0.88, pitchVariation: 0.8 },
    L('american', 'female', 'middle_aged', 'warm', 'narration'),
    'A lower, calmer American female voice.',
  ),
  flite(
    'pGLMEBJzlL0nR0byDP80',
    'Coral',
    'slt',
    { pitch: 1.05, pitchVariation: 1.6 },
    L('american', 'female', 'young', 'expressive', 'characters_animation'),
    'An American female voice with the widest intonation of the catalogue.',
    { settings: { style: 0.3 } },
  ),
  flite(
    'XgXSVseY6JXEkF1Qa3up',
    'Naomi',
    'slt',
    { rate: 1.14, pitchVariation: 0.9 },
    L('american', 'female', 'middle_aged', 'crisp', 'news'),
    'A brisk American female voice for bulletins.',
  ),
  espeak(
    '57bKC1JT6Ei2C1UpuvtK',
    'Imogen',
    'en',
    'en-GB',
    'en-gb-x-rp',
    'klatt5',
    L('british', 'female', 'middle_aged', 'formal', 'informative_educational'),
    'A British (Received Pronunciation) female voice.',
    englishPreview('Imogen'),
  ),
  espeak(
    'c2avmqLIl0c1utT58Bzw',
    'Oliver',
    'en',
    'en-GB',
    'en-gb',
    'klatt4',
    L('british', 'male', 'middle_aged', 'crisp', 'narration'),
    'A British male voice.',
    englishPreview('Oliver'),
    { pitch: 0.9 },
  ),
  espeak(
    'edZXZlldbscsmfkEidWi',
    'Willow',
    'en',
    'en-US',
    'en-us',
    'whisperf',
    L('american', 'female', 'young', 'whispery', 'characters_animation'),
    'A whispering American female voice.',
    englishPreview('Willow'),
  ),
  espeak(
    'K6Oj5A8q2mOEC3bAn9El',
    'Camille',
    'fr',
    'fr-FR',
    'fr-fr',
    'f3',
    L('french', 'female', 'middle_aged', 'clear', 'narration'),
    'A French female voice.',
    "Bonjour, je m'appelle Camille. Voici comment je lis votre texte.",
  ),
  espeak(
    'rLXfIWLrpTrwUPfWsNXc',
    'Julien',
    'fr',
    'fr-FR',
    'fr-fr',
    'm2',
    L('french', 'male', 'middle_aged', 'steady', 'conversational'),
    'A French male voice.',
    "Bonjour, je m'appelle Julien. Voici comment je lis votre texte.",
  ),
  espeak(
    'JyUQsVGZHonvbJyS6NAs',
    'Lena',
    'de',
    'de-DE',
    'de',
    'f4',
    L('german', 'female', 'young', 'bright', 'conversational'),
    'A German female voice.',
    'Hallo, ich heiße Lena. So klingt meine Stimme.',
  ),
  espeak(
    'wpFd8fRUCf329Ud5GCWy',
    'Jonas',
    'de',
    'de-DE',
    'de',
    'm3',
    L('german', 'male', 'middle_aged', 'deep', 'narration'),
    'A lower German male voice.',
    'Hallo, ich heiße Jonas. So klingt meine Stimme.',
    { pitch: 0.85 },
  ),
  espeak(
    'qt4TqBFgwaUROIKcGFON',
    'Lucía',
    'es',
    'es-ES',
    'es',
    'f1',
    L('spanish', 'female', 'middle_aged', 'warm', 'narration'),
    'A Spanish (Spain) female voice.',
    'Hola, me llamo Lucía. Así suena mi voz.',
  ),
  espeak(
    'HgJtnNgs2UU1ZJFCI5Yy',
    'Diego',
    'es',
    'es-MX',
    'es-419',
    'm4',
    L('latin american', 'male', 'young', 'upbeat', 'social_media'),
    'A Latin American Spanish male voice.',
    'Hola, me llamo Diego. Así suena mi voz.',
    { rate: 1.08 },
  ),
  espeak(
    'Wh2xWYs3vW99Ddf9CdKb',
    'Giulia',
    'it',
    'it-IT',
    'it',
    'f2',
    L('italian', 'female', 'middle_aged', 'expressive', 'conversational'),
    'An Italian female voice.',
    'Ciao, mi chiamo Giulia. Ecco come suona la mia voce.',
    { pitchVariation: 1.3 },
  ),
  espeak(
    'hKT7bWaZthA3p93Icavu',
    'Rafael',
    'pt',
    'pt-BR',
    'pt-br',
    'm1',
    L('brazilian', 'male', 'middle_aged', 'calm', 'narration'),
    'A Brazilian Portuguese male voice.',
    'Olá, meu nome é Rafael. É assim que a minha voz soa.',
  ),
  espeak(
    'Vl8I6nmcQjCiG90EdLFa',
    'Sanne',
    'nl',
    'nl-NL',
    'nl',
    'f5',
    L('dutch', 'female', 'young', 'clear', 'informative_educational'),
    'A Dutch female voice.',
    'Hallo, ik heet Sanne. Zo klinkt mijn stem.',
  ),
  espeak(
    '3iL7dmovvMmrBfA0H65d',
    'Piotr',
    'pl',
    'pl-PL',
    'pl',
    'm5',
    L('polish', 'male', 'middle_aged', 'steady', 'news'),
    'A Polish male voice.',
    'Cześć, nazywam się Piotr. Tak brzmi mój głos.',
  ),
  espeak(
    'gt2APUaAomTomXhKKQY0',
    'Aarav',
    'hi',
    'hi-IN',
    'hi',
    'm1',
    L('indian', 'male', 'young', 'clear', 'conversational'),
    'A Hindi male voice.',
    'नमस्ते, मेरा नाम आरव है। मेरी आवाज़ ऐसी सुनाई देती है।',
  ),
  espeak(
    'NJZwSkmoZi2oT9GkySJj',
    'Mei',
    'zh',
    'zh-CN',
    'cmn',
    'f3',
    L('chinese', 'female', 'young', 'clear', 'informative_educational'),
    'A Mandarin Chinese female voice.',
    '你好，我叫美。这就是我的声音。',
  ),
  espeak(
    'hsoSAV9MbSAlHw9BXEeq',
    'Yuki',
    'ja',
    'ja-JP',
    'ja',
    'f2',
    L('japanese', 'female', 'young', 'soft', 'conversational'),
    'A Japanese female voice.',
    'こんにちは、ユキです。これが私の声です。',
    { pitch: 1.1 },
  ),
];

/** OpenAI voice names mapped to the catalogue voice that resembles them most. */
export const OPENAI_VOICE_MAP: Record<string, string> = {
  alloy: 'zjugDQR69KeBdVlIC4vX', // Susan
  ash: 'y7MIaeNYZ4sEevFw8pU8', // Karl
  ballad: 'NhCMDVHKIQl7yX3gLL0z', // Angus
  coral: 'pGLMEBJzlL0nR0byDP80', // Coral
  echo: 'PKSK2hUhQzBWvHvDHDvS', // Richard
  fable: 'qWhDNFvmFJEdJgFdJDqp', // Alasdair (OpenAI's fable is British-accented)
  onyx: 'hptVagBtl9roAVRsmNN6', // Kenneth
  nova: 'GuI41nIUB5jhRgGrHrlW', // Nora
  sage: 'fI7I59w2W3CVbh1jDEyN', // Helen
  shimmer: 'XgXSVseY6JXEkF1Qa3up', // Naomi
  verse: 'FgVezstvxkoQ6UJR3pki', // Ray
};
