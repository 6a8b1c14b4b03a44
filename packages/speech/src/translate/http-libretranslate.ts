/**
 * Adapter for LibreTranslate-compatible servers (`GET /languages`, `POST /translate` with `q` as a list):
 * LibreTranslate itself, and servers that copy its API. The server's own language list gives the pairs.
 */
import type { LanguagePair, Translator } from './translator';

export interface LibreTranslateOptions {
  /** Base URL (`http://host:5000`). */
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}

type LanguageEntry = { code?: string; targets?: string[] };

const base = (url: string) => url.replace(/\/+$/, '');
const iso1 = (code: string) => code.toLowerCase().split(/[-_]/)[0]!;

/** A translator that sends the segments to a LibreTranslate-compatible server. */
export function libreTranslateTranslator(o: LibreTranslateOptions): Translator {
  const timeout = () => AbortSignal.timeout(o.timeoutMs ?? 60_000);
  let cached: Promise<LanguagePair[]> | undefined;
  const load = async (): Promise<LanguagePair[]> => {
    const res = await fetch(`${base(o.url)}/languages`, { signal: timeout() });
    if (!res.ok) throw new Error(`translation server answered HTTP ${res.status} to /languages`);
    const list = (await res.json()) as LanguageEntry[];
    const pairs: LanguagePair[] = [];
    for (const l of Array.isArray(list) ? list : [])
      for (const t of l.targets ?? [])
        if (l.code && iso1(t) !== iso1(l.code)) pairs.push({ from: iso1(l.code), to: iso1(t) });
    return pairs;
  };
  return {
    id: 'libretranslate',
    description: `A LibreTranslate-compatible translation server (${new URL(o.url).host}).`,
    pairs() {
      cached ??= load();
      cached.catch(() => (cached = undefined));
      return cached;
    },
    async translate(texts, pair, signal) {
      if (!texts.length) return [];
      const res = await fetch(`${base(o.url)}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: texts,
          source: pair.from,
          target: pair.to,
          format: 'text',
          ...(o.apiKey && { api_key: o.apiKey }),
        }),
        signal: signal ? AbortSignal.any([signal, timeout()]) : timeout(),
      });
      if (!res.ok) throw new Error(`translation server answered HTTP ${res.status}`);
      const body = (await res.json()) as { translatedText?: string | string[] };
      const out = Array.isArray(body.translatedText) ? body.translatedText : [body.translatedText];
      if (out.length !== texts.length || out.some((t) => typeof t !== 'string'))
        throw new Error('translation server answered a different number of segments');
      return out as string[];
    },
  };
}
