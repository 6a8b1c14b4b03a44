import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { concatAlignments, type Alignment } from './alignment';
import { createEspeakEngine } from './engines/espeak';
import { createFliteEngine } from './engines/flite';
import { synthesizeUtterance, type SynthesizeOptions, type UtteranceChunk } from './synthesize';
import { expectValidAlignment } from './testing/expect-alignment';

const flite = createFliteEngine();
const espeak = createEspeakEngine();

async function run(o: SynthesizeOptions) {
  const chunks: UtteranceChunk[] = [];
  for await (const c of synthesizeUtterance(o)) chunks.push(c);
  const empty: Alignment = {
    characters: [],
    character_start_times_seconds: [],
    character_end_times_seconds: [],
  };
  const duration = chunks.reduce((s, c) => s + c.pcm.length / c.sampleRate, 0);
  return {
    chunks,
    duration,
    alignment: chunks.map((c) => c.alignment).reduce(concatAlignments, empty),
    normalized: chunks.map((c) => c.normalizedAlignment).reduce(concatAlignments, empty),
  };
}

describe('synthesizeUtterance', () => {
  const text = 'Dr. Smith paid $5.50 on Jan 31, 2024. <break time="1s"/>Then he left!';

  it('yields one chunk per sentence with alignments of the original and the normalised text', async () => {
    const r = await run({ engine: flite, voice: 'kal16', text });
    expect(r.chunks.length).toBe(2);
    expectValidAlignment(r.alignment, text, r.duration);
    const normalizedText = r.normalized.characters.join('');
    expect(normalizedText).toContain('five dollars and fifty cents');
    expectValidAlignment(r.normalized, normalizedText, r.duration);
    // The break adds a second of silence before "Then": its first character starts after it.
    const then = text.indexOf('Then');
    expect(r.alignment.character_start_times_seconds[then]! - r.chunks[1]!.start).toBeGreaterThanOrEqual(1);
    // Money is said where it was written.
    const dollar = text.indexOf('$');
    expect(r.alignment.character_start_times_seconds[dollar]!).toBeGreaterThan(
      r.alignment.character_start_times_seconds[text.indexOf('Smith')]!,
    );
  });

  it('skips normalisation when it is off', async () => {
    const r = await run({ engine: espeak, voice: 'en-us', text: 'I have 3 cats.', normalization: 'off' });
    expect(r.normalized.characters.join('')).toBe('I have 3 cats.');
    const on = await run({ engine: espeak, voice: 'en-us', text: 'I have 3 cats.', normalization: 'on' });
    expect(on.normalized.characters.join('')).toBe('I have three cats.');
  });

  it('applies the pronunciation hook before the engine', async () => {
    const plain = await run({ engine: espeak, voice: 'en-us', text: 'Hi UN.' });
    const hooked = await run({
      engine: espeak,
      voice: 'en-us',
      text: 'Hi UN.',
      pronunciation: (t) => t.replace('UN', 'United Nations'),
    });
    expect(hooked.duration).toBeGreaterThan(plain.duration + 0.3);
    expectValidAlignment(hooked.alignment, 'Hi UN.', hooked.duration);
  });

  it('is byte-for-byte reproducible with the same seed', async () => {
    const hash = async () => {
      const h = createHash('sha256');
      for (const c of (
        await run({
          engine: flite,
          voice: 'slt',
          text: 'Same input, same bytes.',
          seed: 42,
          speakerBoost: true,
        })
      ).chunks)
        h.update(c.pcm);
      return h.digest('hex');
    };
    expect(await hash()).toBe(await hash());
  });
});
