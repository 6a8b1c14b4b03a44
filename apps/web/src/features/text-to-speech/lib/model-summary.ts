import type { Model } from '@vocalis/contracts/models';
import type { Voice } from '@vocalis/contracts/voices';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The languages a model speaks, for people: "English only", "English, American English and British English", "138 languages". */
export function modelLanguages(model: Pick<Model, 'languages'>): string {
  const names = model.languages.map((l) => l.name);
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} only`;
  if (names.every((n) => /english/i.test(n))) return 'English only';
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${fmt(names.length)} languages`;
}

/**
 * The line under the model select: what a user chooses between (languages and request size), instead of
 * the catalogue's description, which explains engines to API users.
 */
export function modelSummary(model: Pick<Model, 'languages' | 'maximum_text_length_per_request'>): string {
  const languages = modelLanguages(model);
  const size = `up to ${fmt(model.maximum_text_length_per_request)} characters per generation`;
  return languages ? `${languages}, ${size}.` : `${size[0]!.toUpperCase()}${size.slice(1)}.`;
}

const ACCENTS: Record<string, string> = {
  american: 'American English',
  british: 'British English',
  english: 'English',
  scottish: 'Scottish English',
  irish: 'Irish English',
  australian: 'Australian English',
  indian: 'Indian English',
};

/** The language a voice speaks best, by name: its language label, else its accent label. */
export function voiceLanguage(voice: Pick<Voice, 'labels'>, model?: Pick<Model, 'languages'>): string | null {
  const code = voice.labels.language;
  if (code) {
    const known = model?.languages.find((l) => l.language_id.toLowerCase() === code.toLowerCase());
    return known?.name ?? code;
  }
  const accent = voice.labels.accent?.toLowerCase();
  return accent ? (ACCENTS[accent] ?? null) : null;
}

/** The hint beside the text box: which language to write in for this voice and model. */
export function languageHint(
  voice: Pick<Voice, 'name' | 'labels'> | undefined,
  model: Pick<Model, 'languages'> | undefined,
): string | null {
  if (!model || model.languages.length === 0) return null;
  const languages = modelLanguages(model);
  if (languages === 'English only') return 'Write in English: this model reads English only.';
  const spoken = voice ? voiceLanguage(voice, model) : null;
  const any = `This model reads ${languages}: write in the language you want to hear.`;
  return spoken ? `${voice!.name} speaks ${spoken} best. ${any}` : any;
}
