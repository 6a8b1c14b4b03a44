import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { concatAlignments, type Alignment } from './alignment';
import { pitchTrack } from './dsp/pitch';
import { createEspeakEngine } from './engines/espeak';
import { createFliteEngine } from './engines/flite';
import { concat, synthesizeUtterance, type SynthesizeOptions, type UtteranceChunk } from './synthesize';
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

/** The whole utterance as one PCM block. */
function joined(chunks: UtteranceChunk[]): { pcm: Int16Array; rate: number } {
  return { pcm: concat(chunks.map((c) => c.pcm)), rate: chunks[0]!.sampleRate };
}
/** Seconds before the first sample louder than -40 dBFS. */
function leadingSilence(chunks: UtteranceChunk[]): number {
  const { pcm, rate } = joined(chunks);
  const first = pcm.findIndex((v) => Math.abs(v) > 328);
  return first / rate;
}
/** Mean f0 of the last 150 ms of voiced speech: where a final fall or a continuation rise shows. */
function finalPitch(chunks: UtteranceChunk[]): number {
  const { pcm, rate } = joined(chunks);
  const { times, f0 } = pitchTrack(pcm, rate);
  const tail = f0.filter((_, i) => times[i]! > times.at(-1)! - 0.15);
  return tail.reduce((a, b) => a + b, 0) / tail.length;
}

describe('previous_text and next_text', () => {
  const text = 'The train left the station at noon';

  it.each([
    ['espeak', 'en-us'],
    ['flite', 'rms'],
  ])(
    'on %s %s a text that the next text continues ends without the final fall',
    async (engine, voice) => {
      const e = engine === 'flite' ? flite : espeak;
      const alone = await run({ engine: e, voice, text });
      const continued = await run({ engine: e, voice, text, nextText: 'and it was late.' });
      // Measured: eSpeak 85 → 99 Hz, Flite rms 82 → 98 Hz.
      expect(finalPitch(continued.chunks)).toBeGreaterThan(finalPitch(alone.chunks) + 8);
      // Only the request's own text is spoken, aligned and timed.
      expect(continued.alignment.characters.join('')).toBe(text);
      expectValidAlignment(continued.alignment, text, continued.duration);
      expect(continued.duration).toBeLessThan(alone.duration + 0.3);
    },
    30_000,
  );

  it('starts without the start-of-utterance silence when it continues a previous text', async () => {
    const alone = await run({ engine: flite, voice: 'kal16', text: `${text}.` });
    const after = await run({ engine: flite, voice: 'kal16', text: `${text}.`, previousText: 'We waited.' });
    // Measured: Flite opens an utterance with ~0.2 s of silence; a continuation starts on its first word.
    expect(leadingSilence(alone.chunks)).toBeGreaterThan(0.15);
    expect(leadingSilence(after.chunks)).toBeLessThan(0.06);
    expectValidAlignment(after.alignment, `${text}.`, after.duration);
    expect(after.alignment.characters.join('')).toBe(`${text}.`);
  });

  it('ends a sentence followed by another with the pause between sentences (eSpeak)', async () => {
    const alone = await run({ engine: espeak, voice: 'en-us', text: `${text}.` });
    const followed = await run({
      engine: espeak,
      voice: 'en-us',
      text: `${text}.`,
      nextText: 'It was late.',
    });
    // eSpeak ends an utterance at once; inside a reading it pauses ~0.3 s between sentences.
    expect(followed.duration).toBeGreaterThan(alone.duration + 0.15);
    expect(followed.alignment.characters.join('')).toBe(`${text}.`);
  });

  it('changes nothing when the neighbours hold no words', async () => {
    const digest = (chunks: UtteranceChunk[]) =>
      createHash('sha256').update(joined(chunks).pcm).digest('hex');
    const alone = await run({ engine: flite, voice: 'kal16', text: `${text}.` });
    const blank = await run({
      engine: flite,
      voice: 'kal16',
      text: `${text}.`,
      previousText: ' ',
      nextText: '…',
    });
    expect(digest(blank.chunks)).toBe(digest(alone.chunks));
  });
});

describe('quick start (firstPieceWords)', () => {
  const text = 'The morning train left the station on time. Passengers read quietly.';

  it('speaks the first sentence as a short head and the rest, as one reading', async () => {
    const whole = await run({ engine: flite, voice: 'rms', text });
    const quick = await run({ engine: flite, voice: 'rms', text, firstPieceWords: 4 });
    expect(whole.chunks.length).toBe(2);
    expect(quick.chunks.length).toBe(3);
    // The head holds the first four words and is short; the rest of the sentence comes next.
    expect(quick.chunks[0]!.alignment.characters.join('')).toBe('The morning train left ');
    const seconds = (c: UtteranceChunk) => c.pcm.length / c.sampleRate;
    expect(seconds(quick.chunks[0]!)).toBeLessThan(0.65 * seconds(whole.chunks[0]!));
    expect(quick.alignment.characters.join('')).toBe(text);
    expectValidAlignment(quick.alignment, text, quick.duration);
    // Spoken with the following words as context, the head has no final fall and no sentence pause:
    // the same four words alone fall at the end and the split reading lasts about as long as the whole one.
    const alone = await run({ engine: flite, voice: 'rms', text: 'The morning train left' });
    expect(finalPitch([quick.chunks[0]!])).toBeGreaterThan(finalPitch(alone.chunks) + 5);
    expect(Math.abs(quick.duration - whole.duration)).toBeLessThan(0.35);
    expect(leadingSilence([quick.chunks[1]!])).toBeLessThan(0.06);
  });

  it('leaves short sentences and cuts next to numbers whole', async () => {
    const short = await run({
      engine: flite,
      voice: 'rms',
      text: 'The train left early.',
      firstPieceWords: 4,
    });
    expect(short.chunks.length).toBe(1);
    const dated = await run({
      engine: flite,
      voice: 'rms',
      text: 'On Jan 31 2024 the train left the station on time.',
      firstPieceWords: 2,
    });
    // Numbers never border a cut ("Jan 31" is one date), so the head runs to the first space between two
    // lettered words after two words.
    expect(dated.chunks[0]!.alignment.characters.join('')).toBe('On Jan 31 2024 the ');
  });
});
