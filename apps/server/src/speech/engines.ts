/**
 * The server's speech engines: the two built-in engines, always present, RHVoice when it is installed
 * (scripts/setup-voices.sh; SPEECH_RHVOICE=off ignores it), and the remote HTTP engine when
 * SPEECH_HTTP_URL is set, and the voice cloning server's engine when SPEECH_CLONE_URL is set. One instance per process and per speech worker thread, all built by
 * `createEngineRegistry`; features get engines from here by id.
 */
import type { SpeechEngine } from '@vocalis/speech/engine';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { createHttpCloningEngine } from '@vocalis/speech/engines/http-cloning';
import { createOpenAiHttpEngine } from '@vocalis/speech/engines/http-openai';
import { createRhvoiceEngine, findRhvoice } from '@vocalis/speech/engines/rhvoice';
import type { Config } from '../config';

export type EngineId = 'flite' | 'espeak' | 'rhvoice' | 'http' | 'clone';

/** A language an engine speaks: its own code and an English name. */
export interface EngineLanguage {
  code: string;
  name: string;
}

// eSpeak ships a test voice; it is not a language anyone should pick.
const HIDDEN_ESPEAK_VOICES = new Set(['xex']);
// Which eSpeak voice a bare ISO 639-1 code means when several voices claim it.
const PREFERRED_ESPEAK_VOICE: Record<string, string> = { en: 'en-us', fr: 'fr-fr', zh: 'cmn', no: 'nb' };

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const languageName = (code: string) => {
  try {
    return displayNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** The engines of this process. */
/** The watermark key of a registry made without a configuration (never used by the server). */
export const UNCONFIGURED_WATERMARK_KEY = 'vocalis-unconfigured-watermark-key';

export class EngineRegistry {
  private readonly engines = new Map<EngineId, SpeechEngine>();
  private espeakLanguages?: Promise<{ code: string; name: string; claims: string[] }[]>;

  /**
   * @param watermarkKey keys the watermark every generated audio carries (decision 100); library callers
   * without a configuration (tests, benchmarks) get UNCONFIGURED_WATERMARK_KEY.
   */
  constructor(
    engines: SpeechEngine[],
    readonly watermarkKey: string = UNCONFIGURED_WATERMARK_KEY,
  ) {
    for (const e of engines) this.engines.set(e.id as EngineId, e);
  }

  has(id: EngineId): boolean {
    return this.engines.has(id);
  }

  /** The ids of the engines this process has, in the order they were given. */
  ids(): EngineId[] {
    return [...this.engines.keys()];
  }

  get(id: EngineId): SpeechEngine {
    const engine = this.engines.get(id);
    if (!engine) throw new Error(`speech engine ${id} is not configured`);
    return engine;
  }

  /** The languages of an engine, each once, with English names (eSpeak: its voice names). */
  async languages(id: EngineId): Promise<EngineLanguage[]> {
    if (id === 'espeak') return (await this.espeakVoices()).map(({ code, name }) => ({ code, name }));
    const codes = await this.get(id).languages();
    return codes.map((code) => ({ code, name: languageName(code) }));
  }

  /**
   * The eSpeak voice for a language code (`fr`, `pt-BR`, `en-gb-scotland` …): an exact voice id,
   * else a preferred or first voice claiming the code, else one claiming its primary subtag.
   */
  async espeakVoiceFor(language: string): Promise<string | undefined> {
    const code = language.toLowerCase();
    const voices = await this.espeakVoices();
    const primary = code.split('-')[0]!;
    const exact = voices.find((v) => v.code === code);
    if (exact) return exact.code;
    for (const c of [code, primary]) {
      if (PREFERRED_ESPEAK_VOICE[c]) return PREFERRED_ESPEAK_VOICE[c];
      const claimed = voices.find((v) => v.claims.includes(c));
      if (claimed) return claimed.code;
    }
    return undefined;
  }

  private espeakVoices() {
    this.espeakLanguages ??= this.get('espeak')
      .voices()
      .then((voices) => {
        const seen = new Set<string>();
        return voices
          .filter((v) => !HIDDEN_ESPEAK_VOICES.has(v.id) && !seen.has(v.id) && seen.add(v.id))
          .map((v) => ({ code: v.id, name: v.name.trim(), claims: v.languages.map((l) => l.toLowerCase()) }));
      });
    return this.espeakLanguages;
  }
}

/** What the engines are built from (also sent to each speech worker thread, which builds its own). */
export type EngineConfig = Pick<Config, 'speechHttp'> &
  Partial<Pick<Config, 'speechRhvoice' | 'speechClone' | 'watermarkKey'>>;

/**
 * Creates the engines of a process or worker thread from the configuration. RHVoice is detected here
 * (a file check, no process started), so every worker thread finds the same engines as the main one.
 */
export function createEngineRegistry(config: EngineConfig): EngineRegistry {
  const engines = [createFliteEngine(), createEspeakEngine()];
  const rhvoice = config.speechRhvoice === 'off' ? undefined : findRhvoice();
  if (rhvoice) engines.push(createRhvoiceEngine(rhvoice));
  if (config.speechHttp) engines.push(createOpenAiHttpEngine(config.speechHttp));
  if (config.speechClone) engines.push(createHttpCloningEngine(config.speechClone));
  return new EngineRegistry(engines, config.watermarkKey);
}
