/**
 * How a premade voice is put together from an engine voice and a prosody profile, and how it is
 * described: truthfully, as an RHVoice or Flite (statistical parametric) or eSpeak-NG (formant) voice,
 * naming the engine this server really uses for it.
 */
import type { Prosody } from '@vocalis/speech/engine';
import type { RhvoiceRendering, VoiceProfile } from '../../speech/voice-profile';

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
  /** Absent: premade. A workspace's own voice says what it is (history items record it). */
  category?: 'premade' | 'cloned' | 'generated' | 'professional';
  description: string;
  labels: VoiceLabels;
  /** What the preview says, in the voice's language. */
  previewText: string;
  /** The description where RHVoice is installed (the voice then speaks English on RHVoice). */
  rhvoiceDescription?: string;
  /** The voice's character where RHVoice is installed, when Flite's (kal16: mechanical) does not hold there. */
  rhvoiceCharacter?: { descriptive: string; sentence: string };
}

type FliteVoice = 'kal16' | 'awb' | 'rms' | 'slt';
type RhvoiceVoice = RhvoiceRendering['voice'];
const FLITE_INFO: Record<
  FliteVoice,
  { what: string; espeak: string; remote: string; rhvoice: RhvoiceVoice }
> = {
  kal16: { what: "Flite's kal16 diphone voice", espeak: 'klatt4', remote: 'onyx', rhvoice: 'bdl' },
  awb: {
    what: "Flite's awb voice (CMU Arctic, statistical parametric)",
    espeak: 'm3',
    remote: 'fable',
    rhvoice: 'alan',
  },
  rms: {
    what: "Flite's rms voice (CMU Arctic, statistical parametric)",
    espeak: 'm2',
    remote: 'echo',
    rhvoice: 'bdl',
  },
  slt: {
    what: "Flite's slt voice (CMU Arctic, statistical parametric)",
    espeak: 'f2',
    remote: 'nova',
    rhvoice: 'clb',
  },
};

const RHVOICE_INFO: Record<RhvoiceVoice, string> = {
  clb: "RHVoice's clb voice",
  bdl: "RHVoice's bdl voice",
  slt: "RHVoice's slt voice",
  alan: "RHVoice's alan voice (Scottish English)",
};

/** Said of a Flite voice on a server without RHVoice, so the voice picker tells why it sounds buzzy. */
export const RHVOICE_MISSING_NOTE =
  'RHVoice is not installed on this server, so this voice uses Flite; with RHVoice (npm run setup:voices) it sounds more natural.';

/**
 * The catalogue as this server speaks it: with RHVoice installed the voices that have an RHVoice
 * rendering describe it; without, they say they fall back to Flite.
 */
export function describeForEngines(
  catalogue: readonly CatalogueVoice[],
  rhvoiceInstalled: boolean,
): CatalogueVoice[] {
  return catalogue.map((v) => {
    if (!v.rhvoice || !v.rhvoiceDescription) return v;
    if (!rhvoiceInstalled) return { ...v, description: `${v.description} ${RHVOICE_MISSING_NOTE}` };
    const labels = v.rhvoiceCharacter
      ? { ...v.labels, descriptive: v.rhvoiceCharacter.descriptive }
      : v.labels;
    return { ...v, labels, description: v.rhvoiceDescription };
  });
}

/** The preview sentence of the English voices. */
export const englishPreview = (name: string) =>
  `Hello, I'm ${name}, one of the built-in Vocalis voices. This is how I sound reading your text.`;

/** A voice built on Flite (English); its eSpeak rendering is a matching English variant. */
export function flite(
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
  const rhvoice = extra.rhvoice ?? { voice: info.rhvoice, prosody };
  return {
    voiceId,
    name,
    engine: 'flite',
    language: 'en',
    locale,
    flite: { voice, prosody },
    rhvoice,
    rhvoiceDescription: `${extra.rhvoiceCharacter?.sentence ?? character} Built on ${RHVOICE_INFO[rhvoice.voice]} (statistical parametric, 24 kHz) with its own pitch and pace profile: a synthetic voice, not a recording of a person, and the most natural-sounding of the built-in engines.`,
    espeak: { language: voice === 'awb' ? 'en-gb-scotland' : 'en-us', variant: info.espeak, prosody },
    remoteVoice: info.remote,
    labels,
    description: `${character} Built on ${info.what} with its own pitch and pace profile: a parametric voice, not a recording of a person. Clear and intelligible, clearly synthetic.`,
    previewText: englishPreview(name),
    ...extra,
  };
}

/** A voice built on eSpeak-NG; English requests on the English-only model use a matching Flite voice. */
export function espeak(
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

/** The label set, in the order the catalogue writes it. */
export const L = (
  accent: string,
  gender: VoiceLabels['gender'],
  age: VoiceLabels['age'],
  descriptive: string,
  use_case: string,
): VoiceLabels => ({ accent, gender, age, descriptive, use_case });
