import { describe, expect, it } from 'vitest';
import type { SpeechChunk, SynthesisRequest } from '../engine';
import { createEspeakEngine, escapeForEspeak } from './espeak';

const engine = createEspeakEngine();

async function collect(request: SynthesisRequest): Promise<SpeechChunk[]> {
  const chunks: SpeechChunk[] = [];
  for await (const c of engine.synthesize(request)) chunks.push(c);
  return chunks;
}
const seconds = (chunks: SpeechChunk[]) => chunks.reduce((s, c) => s + c.pcm.length / c.sampleRate, 0);

describe('espeak engine', () => {
  it('lists more than 100 languages from the engine', async () => {
    const langs = await engine.languages();
    expect(langs.length).toBeGreaterThan(100);
    expect(langs).toEqual(expect.arrayContaining(['en-us', 'fr', 'de', 'ja', 'cmn']));
  });

  it('synthesizes "Hello world." in several chunks with word events', async () => {
    const chunks = await collect({ text: 'Hello world.', voice: 'en-us+f3' });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]!.sampleRate).toBe(22050);
    const s = seconds(chunks);
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(3);
    const words = chunks.flatMap((c) => c.events).filter((e) => e.type === 'word');
    expect(words.map((w) => 'Hello world.'.slice(w.textStart, w.textEnd))).toEqual(['Hello', 'world']);
    expect(chunks.flatMap((c) => c.events).some((e) => e.type === 'phoneme')).toBe(true);
  });

  it('maps code-point positions to UTF-16 offsets past accents and emoji', async () => {
    const text = 'Ça été 👍🏽 très génial.';
    const chunks = await collect({ text, voice: 'fr' });
    const words = chunks
      .flatMap((c) => c.events)
      .filter((e) => e.type === 'word')
      .map((w) => text.slice(w.textStart, w.textEnd));
    expect(words).toEqual(expect.arrayContaining(['Ça', 'été', 'très', 'génial']));
  });

  it('reads markup characters as text instead of SSML', async () => {
    const { escaped, cpToUtf16 } = escapeForEspeak('a<b');
    expect(escaped).toBe('a&lt;b');
    expect(cpToUtf16).toEqual([0, 1, 1, 1, 1, 2, 3]);
    const text = 'a <break time="3s"/> b';
    const words = (await collect({ text, voice: 'en-us' }))
      .flatMap((c) => c.events)
      .filter((e) => e.type === 'word');
    expect(words.map((w) => text.slice(w.textStart, w.textEnd))).toEqual(
      expect.arrayContaining(['break', 'time']),
    );
  });

  it('synthesizes with every voice id it lists, with and without a variant', async () => {
    for (const v of await engine.voices()) {
      expect((await collect({ text: 'a', voice: v.id })).length, v.id).toBeGreaterThan(0);
      expect((await collect({ text: 'a', voice: `${v.id}+f3` })).length, v.id).toBeGreaterThan(0);
    }
    // Dozens of voices: took 10 s on a loaded 2-core machine, past vitest's 5 s default.
  }, 60_000);

  it('applies rate and rejects unknown voices and variants', async () => {
    const normal = seconds(await collect({ text: 'One two three four five.', voice: 'en-us' }));
    const fast = seconds(
      await collect({ text: 'One two three four five.', voice: 'en-us', prosody: { rate: 2 } }),
    );
    expect(fast / normal).toBeLessThan(0.7);
    await expect(collect({ text: 'x', voice: 'xx-nope' })).rejects.toThrow(/unknown eSpeak voice/);
    await expect(collect({ text: 'x', voice: 'en-us+bogus' })).rejects.toThrow(/variant/);
  });
});
