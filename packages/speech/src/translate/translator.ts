/**
 * Machine translation behind one small interface: Apertium built in (a child process per call, only the
 * pairs installed on the machine), an adapter for LibreTranslate-compatible servers and one for an
 * OpenAI-compatible chat model. A pair no engine serves is refused before any work starts.
 */

/** One direction an engine translates, as ISO 639-1 codes. */
export interface LanguagePair {
  from: string;
  to: string;
}

export interface Translator {
  readonly id: string;
  /** What the engine is, said truthfully to users. */
  readonly description: string;
  /** The directions it serves. */
  pairs(): Promise<LanguagePair[]>;
  /** Translates each text (one segment each) and answers the translations in the same order. */
  translate(texts: string[], pair: LanguagePair, signal?: AbortSignal): Promise<string[]>;
}

export const pairKey = (p: LanguagePair) => `${p.from}-${p.to}`;

/** Engines in order of preference; the first that serves a pair translates it. */
export class TranslatorSet {
  constructor(private readonly engines: Translator[]) {}

  /** Every direction some engine serves, each once, sorted. */
  async pairs(): Promise<LanguagePair[]> {
    const seen = new Map<string, LanguagePair>();
    for (const e of this.engines)
      for (const p of await e.pairs().catch(() => [])) if (!seen.has(pairKey(p))) seen.set(pairKey(p), p);
    return [...seen.values()].sort((a, b) => pairKey(a).localeCompare(pairKey(b)));
  }

  /** The engine for a pair, or undefined when none serves it. */
  async pick(pair: LanguagePair): Promise<Translator | undefined> {
    for (const e of this.engines) {
      const ps = await e.pairs().catch(() => []);
      if (ps.some((p) => p.from === pair.from && p.to === pair.to)) return e;
    }
    return undefined;
  }

  describe(): { id: string; description: string }[] {
    return this.engines.map((e) => ({ id: e.id, description: e.description }));
  }
}
