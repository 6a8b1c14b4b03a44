import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../engines/espeak';
import { IDENTITY } from '../profile/fit';
import { MIX_RATE, backgroundOf, mixDub, renderDub, trimSilence } from './render-dub';
import { segmentWords } from './segment-words';

const fitTempo = (spoken: number, slot: number) => Math.min(1.35, Math.max(0.9, spoken / slot));

describe('segmenting words', () => {
  const w = (text: string, start: number, end: number, speaker = 0) => ({ text, start, end, speaker });
  it('cuts at pauses, speaker changes and the longest segment', () => {
    const segs = segmentWords(
      [
        w('hello', 0, 0.4),
        w('there', 0.5, 0.9),
        w('next', 2, 2.4),
        w('other', 2.5, 2.9, 1),
        w('long', 3, 12.5, 1),
      ],
      0.6,
      8,
    );
    expect(segs.map((s) => [s.text, s.start, s.end, s.speaker])).toEqual([
      ['hello there', 0, 0.9, 0],
      ['next', 2, 2.4, 0],
      ['other', 2.5, 2.9, 1],
      ['long', 3, 12.5, 1],
    ]);
  });
});

describe('rendering a dub', () => {
  const engine = createEspeakEngine();
  const voice = { voice: 'es+m3', gender: 'male' as const, rendering: IDENTITY };

  it('puts each spoken segment in its slot, never over the next one, over the background', async () => {
    const background = new Int16Array(6 * MIX_RATE).fill(100);
    const { pcm, placed } = await renderDub({
      engine,
      language: 'es',
      segments: [
        { start: 0.5, end: 2.5, text: 'Buenos días, mi amigo.', speaker: 0 },
        // Far too much text for its slot: spoken fast, then cut where the next segment starts.
        { start: 3, end: 3.6, text: 'La casa es muy grande y tiene muchas ventanas bonitas.', speaker: 0 },
        { start: 4.2, end: 5.5, text: 'Tengo tres perros.', speaker: 0 },
      ],
      voices: new Map([[0, voice]]),
      duration: 6,
      fitTempo,
      background,
    });
    expect(pcm.length).toBe(6 * MIX_RATE);
    expect(placed.map((p) => p.start)).toEqual([0.5, 3, 4.2]);
    expect(placed[1]!.tempo).toBeCloseTo(1.35);
    expect(placed[1]!.end).toBeCloseTo(4.2);
    expect(placed[1]!.cut).toBeGreaterThan(0);
    for (const p of placed) expect(p.end).toBeGreaterThan(p.start + 0.3);
    // Before the first segment only the background sounds.
    expect(pcm.subarray(0, 0.4 * MIX_RATE).every((x) => x === 100)).toBe(true);
    // Inside the first slot there is speech.
    const loud = trimSilence(pcm.subarray(0.5 * MIX_RATE, 2.5 * MIX_RATE), 2000);
    expect(loud.length).toBeGreaterThan(0.5 * MIX_RATE);
  }, 30_000);

  it('takes the background as what the isolator removed', () => {
    expect([...backgroundOf(Int16Array.from([10, 20, -5]), Int16Array.from([4, 20, 5]))]).toEqual([
      6, 0, -10,
    ]);
  });
});

describe('mixing spoken clips', () => {
  it('places each clip at its start, cuts it with a fade at the next one, and keeps the order given', () => {
    const tone = (n: number) => Int16Array.from({ length: n }, (_, i) => (i % 2 ? 8000 : -8000));
    const { pcm, placed } = mixDub({
      clips: [
        { start: 2, clip: { pcm: tone(MIX_RATE / 2), tempo: 1.1 } },
        { start: 0.5, clip: { pcm: tone(MIX_RATE * 2), tempo: 1.35 } },
        { start: 3, clip: { pcm: new Int16Array(0), tempo: 1 } },
      ],
      duration: 4,
    });
    expect(pcm.length).toBe(4 * MIX_RATE);
    expect(placed[0]).toEqual({ start: 2, end: 2.5, tempo: 1.1, cut: 0 });
    expect(placed[1]!.end).toBeCloseTo(2);
    expect(placed[1]!.cut).toBeCloseTo(0.5);
    expect(placed[2]).toEqual({ start: 3, end: 3, tempo: 1, cut: 0 });
    expect(pcm.subarray(0, 0.45 * MIX_RATE).every((x) => x === 0)).toBe(true);
    expect(pcm.subarray(2.6 * MIX_RATE).every((x) => x === 0)).toBe(true);
  });
});
