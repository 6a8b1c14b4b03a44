/**
 * The translators of this process (decision 140): Apertium built in, then a LibreTranslate-compatible server
 * (TRANSLATE_HTTP_URL) and an OpenAI-compatible chat model (TRANSLATE_CHAT_URL) when configured. The remote
 * ones go first: when an operator points the server at one, it is the better translator.
 */
import { apertiumTranslator } from '@vocalis/speech/translate/apertium';
import { chatTranslator } from '@vocalis/speech/translate/http-chat';
import { libreTranslateTranslator } from '@vocalis/speech/translate/http-libretranslate';
import { TranslatorSet, type Translator } from '@vocalis/speech/translate/translator';
import type { Config } from '../../config';

export function createTranslators(config: Pick<Config, 'translateHttp' | 'translateChat'>): TranslatorSet {
  const engines: Translator[] = [];
  if (config.translateHttp) engines.push(libreTranslateTranslator(config.translateHttp));
  if (config.translateChat) engines.push(chatTranslator(config.translateChat));
  engines.push(apertiumTranslator());
  return new TranslatorSet(engines);
}
