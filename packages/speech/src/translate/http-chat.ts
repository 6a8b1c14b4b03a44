/**
 * Adapter for an OpenAI-compatible chat model (`POST /v1/chat/completions`: vLLM, llama.cpp's server,
 * Ollama, LocalAI …) used as a translator. Segments go as one numbered JSON list so the model keeps
 * them apart; an answer that does not give the same number back fails the call rather than misplace text.
 */
import type { LanguagePair, Translator } from './translator';

export interface ChatTranslatorOptions {
  /** Base URL (`http://host:8000` or `http://host:8000/v1`). */
  url: string;
  model: string;
  apiKey?: string;
  /** The languages (ISO 639-1) the model is trusted with; every ordered pair of them is offered. */
  languages: readonly string[];
  timeoutMs?: number;
}

/** The chat completions endpoint for a base URL given with or without `/v1`. */
export function chatEndpoint(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return `${trimmed}${trimmed.endsWith('/v1') ? '' : '/v1'}/chat/completions`;
}

const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** The translations in a model's answer: a JSON array of strings, possibly inside a code fence. */
export function parseChatList(content: string, expected: number): string[] {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  if (start < 0 || end < start) throw new Error('the chat model did not answer a JSON list');
  const list = JSON.parse(content.slice(start, end + 1)) as unknown;
  if (!Array.isArray(list) || list.length !== expected || list.some((t) => typeof t !== 'string'))
    throw new Error('the chat model answered a different number of segments');
  return list as string[];
}

/** A translator that asks a chat model. */
export function chatTranslator(o: ChatTranslatorOptions): Translator {
  const pairs: LanguagePair[] = o.languages.flatMap((from) =>
    o.languages.filter((to) => to !== from).map((to) => ({ from, to })),
  );
  return {
    id: 'chat',
    description: `An OpenAI-compatible chat model used as a translator (${new URL(o.url).host}, model ${o.model}).`,
    pairs: () => Promise.resolve(pairs),
    async translate(texts, pair, signal) {
      if (!texts.length) return [];
      const timeout = AbortSignal.timeout(o.timeoutMs ?? 120_000);
      const res = await fetch(chatEndpoint(o.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.apiKey && { authorization: `Bearer ${o.apiKey}` }),
        },
        body: JSON.stringify({
          model: o.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                `Translate each string of the JSON list from ${NAMES.of(pair.from)} to ${NAMES.of(pair.to)}. ` +
                'The strings are consecutive lines of speech to be dubbed: keep each about as long as the original. ' +
                'Answer only a JSON list of the translations, in the same order and of the same length.',
            },
            { role: 'user', content: JSON.stringify(texts) },
          ],
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!res.ok) throw new Error(`chat model answered HTTP ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      return parseChatList(body.choices?.[0]?.message?.content ?? '', texts.length);
    },
  };
}
