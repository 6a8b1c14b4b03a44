import { describe, expect, it } from 'vitest';
import { buildAlignment } from './alignment';
import type { SpeechChunk, SpeechEngine } from './engine';
import { createEspeakEngine } from './engines/espeak';
import { createFliteEngine } from './engines/flite';
import { expectValidAlignment } from './testing/expect-alignment';

async function run(engine: SpeechEngine, text: string, voice: string) {
  const chunks: SpeechChunk[] = [];
  for await (const c of engine.synthesize({ text, voice })) chunks.push(c);
  const duration = chunks.reduce((s, c) => s + c.pcm.length / c.sampleRate, 0);
  return { events: chunks.flatMap((c) => c.events), duration };
}

describe('buildAlignment', () => {
  it.each([
    ['flite', createFliteEngine(), 'slt', 'Hello there, world! Dr. Smith paid 5 dollars.'],
    ['espeak', createEspeakEngine(), 'en-us', 'Hello there, world! Ça va? 👍🏽 Yes.'],
  ])('covers every character of real %s output, monotonic', async (_name, engine, voice, text) => {
    const { events, duration } = await run(engine, text, voice);
    const a = buildAlignment(text, events, 0, duration);
    expectValidAlignment(a, text, duration);
    // Words really move through time: the last word starts well after the first.
    const world = text.indexOf('world');
    expect(a.character_start_times_seconds[world]!).toBeGreaterThan(0.3);
    expect(a.character_end_times_seconds.at(-1)!).toBeGreaterThan(duration * 0.8);
  });

  it('spreads a word over its characters and gives gaps (pauses) to the characters between', () => {
    const a = buildAlignment(
      'ab  cd',
      [
        { type: 'word', start: 0.1, end: 0.3, textStart: 0, textEnd: 2 },
        { type: 'pause', start: 0.3, end: 0.5, textStart: 4, textEnd: 4 },
        { type: 'word', start: 0.5, end: 0.9, textStart: 4, textEnd: 6 },
      ],
      0,
      1,
    );
    expect(a.character_start_times_seconds).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.7]);
    expect(a.character_end_times_seconds).toEqual([0.2, 0.3, 0.4, 0.5, 0.7, 0.9]);
  });

  it('keeps an emoji surrogate pair as one character', () => {
    const a = buildAlignment('a😀', [{ type: 'word', start: 0, end: 0.3, textStart: 0, textEnd: 3 }], 0, 0.3);
    expect(a.characters).toEqual(['a', '😀']);
    expect(a.character_end_times_seconds).toEqual([0.1, 0.3]);
  });
});
