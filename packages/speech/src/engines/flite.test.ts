import { describe, expect, it } from 'vitest';
import type { SpeechChunk, SynthesisRequest } from '../engine';
import { createFliteEngine, FLITE_MAX_CALL_CHARS } from './flite';
import { parsePsdur, phonesToEvents } from './flite-phones';

const engine = createFliteEngine();

async function collect(request: SynthesisRequest): Promise<SpeechChunk[]> {
  const chunks: SpeechChunk[] = [];
  for await (const c of engine.synthesize(request)) chunks.push(c);
  return chunks;
}
const seconds = (chunks: SpeechChunk[]) => chunks.reduce((s, c) => s + c.pcm.length / c.sampleRate, 0);

describe('flite engine', () => {
  it('lists its four English voices', async () => {
    expect((await engine.voices()).map((v) => v.id)).toEqual(['kal16', 'awb', 'rms', 'slt']);
  });

  it('synthesizes "Hello world." to a plausible duration with word timings in order', async () => {
    const chunks = await collect({ text: 'Hello world.', voice: 'slt' });
    expect(chunks[0]!.sampleRate).toBe(16000);
    const s = seconds(chunks);
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(3);
    const words = chunks.flatMap((c) => c.events).filter((e) => e.type === 'word');
    expect(words.map((w) => w.value)).toEqual(['Hello', 'world']);
    expect(words[0]!.start).toBeGreaterThan(0);
    expect(words[1]!.start).toBeGreaterThanOrEqual(words[0]!.end);
    expect(words[1]!.end).toBeLessThanOrEqual(s);
    // The audio is not silence.
    expect(Math.max(...chunks[0]!.pcm.map(Math.abs))).toBeGreaterThan(3000);
  });

  it('slows down with a lower rate', async () => {
    const normal = seconds(await collect({ text: 'One two three four.', voice: 'kal16' }));
    const slow = seconds(
      await collect({ text: 'One two three four.', voice: 'kal16', prosody: { rate: 0.5 } }),
    );
    expect(slow / normal).toBeGreaterThan(1.6);
  });

  it('synthesizes a 5,000-character sentence without punctuation through the per-call cap', async () => {
    const words = ['alpha', 'bravo', 'delta', 'echo', 'golf', 'hotel'];
    let text = '';
    for (let i = 0; text.length < 5000; i++) text += `${words[i % words.length]} `;
    const chunks = await collect({ text, voice: 'kal16' });
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(5000 / FLITE_MAX_CALL_CHARS));
    const events = chunks.flatMap((c) => c.events).filter((e) => e.type === 'word');
    expect(events.length).toBe(text.trim().split(' ').length);
    expect(events.at(-1)!.end).toBeLessThanOrEqual(seconds(chunks) + 1e-6);
  }, 30_000);
});

describe('phonesToEvents', () => {
  it('aligns phrases at pauses and places pauses before the next word', () => {
    const phones = parsePsdur('pau:0.2 hh:0.3 ay:0.4 pau:0.6 y:0.7 uw:0.8 pau:1.0\n');
    const events = phonesToEvents('Hi, you.', phones, 1, 10);
    expect(events.map((e) => [e.type, e.start, e.end, e.textStart, e.textEnd])).toEqual([
      ['pause', 1, 1.2, 10, 10],
      ['word', 1.2, 1.4, 10, 12],
      ['pause', 1.4, 1.6, 14, 14],
      ['word', 1.6, 1.8, 14, 17],
      ['pause', 1.8, 2, 18, 18],
    ]);
  });
});
