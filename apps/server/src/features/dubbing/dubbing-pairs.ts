/**
 * Which languages this server can dub, and the up-front refusal of a pair it cannot: a translator for the pair,
 * a recogniser for the source and a voice that speaks the target (decision 141).
 */
import type { DubbingLanguages } from '@vocalis/contracts/dubbing';
import {
  DUBBING_LANGUAGES,
  DUBBING_SOURCE_OPTIONS,
  dubbingLanguageName,
} from '@vocalis/domain/dubbing/dubbing-languages';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { speakableLanguages } from '@vocalis/speech/dub/dub-voice';
import type { TranslatorSet } from '@vocalis/speech/translate/translator';
import { AppError, badRequest } from '../../errors';
import type { SttEngines } from '../speech-to-text/stt-engines';

const unprocessable = (code: string, message: string) => new AppError(422, code, message);

/** The languages and pairs this server can dub. */
export async function dubbingLanguages(
  translators: TranslatorSet,
  voices: SpeechEngine,
): Promise<DubbingLanguages> {
  const codes = DUBBING_LANGUAGES.map((l) => l.code);
  const speakable = new Set(await speakableLanguages(voices, codes));
  const pairs: DubbingLanguages['pairs'] = [];
  for (const p of await translators.pairs())
    if (codes.includes(p.from as never) && speakable.has(p.to))
      pairs.push({ source: p.from, target: p.to, engine: (await translators.pick(p))!.id });
  return {
    source_languages: DUBBING_SOURCE_OPTIONS,
    target_languages: DUBBING_LANGUAGES.map((l) => ({ ...l, speakable: speakable.has(l.code) })),
    pairs,
    translators: translators.describe(),
  };
}

/** Refuses a source → target no translator, recogniser or voice here can do, naming the pairs that work. */
export async function checkDubbingPair(
  langs: DubbingLanguages,
  stt: SttEngines,
  source: string | null,
  target: string,
  manual: boolean,
): Promise<void> {
  if (!langs.target_languages.find((l) => l.code === target)?.speakable)
    throw unprocessable(
      'unsupported_target_language',
      `No voice here speaks ${dubbingLanguageName(target)}, so nothing can be dubbed into it.`,
    );
  if (manual) return;
  const heard = (l: string) => {
    try {
      stt.pick('scribe_v1', l);
      return true;
    } catch {
      return false;
    }
  };
  const usable = langs.pairs.filter((p) => heard(p.source));
  const ok = usable.some((p) => p.target === target && (source === null || p.source === source));
  if (source && source === target)
    throw badRequest('target_lang must differ from the source language.', 'same_language');
  if (!ok) {
    const list = usable.map((p) => `${p.source}→${p.target}`).join(', ') || 'none';
    const from = source ? dubbingLanguageName(source) : 'any language this server can transcribe';
    throw unprocessable(
      'unsupported_language_pair',
      `No engine here can dub from ${from} into ${dubbingLanguageName(target)}. Pairs that work: ${list}.`,
    );
  }
}
