import { describe, expect, it } from 'vitest';
import { estimateWordTimings, findSilences, wordsOf } from './estimated-timings';

const RATE = 16000;
/** A tone for each [start, end] second span, silence elsewhere. */
function audio(total: number, spans: [number, number][]): Int16Array {
  const pcm = new Int16Array(Math.round(total * RATE));
  for (const [s, e] of spans)
    for (let i = Math.round(s * RATE); i < Math.round(e * RATE); i++)
      pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 200 * i) / RATE));
  return pcm;
}

describe('estimated word timings', () => {
  it('finds where speech starts and ends and the pauses inside, ignoring gaps shorter than a pause', () => {
    const s = findSilences(
      audio(3, [
        [0.2, 1],
        [1.05, 1.4],
        [1.8, 2.7],
      ]),
      RATE,
    );
    expect(s.speechStart).toBeCloseTo(0.2, 1);
    expect(s.speechEnd).toBeCloseTo(2.7, 1);
    expect(s.pauses).toHaveLength(1);
    expect(s.pauses[0]!.start).toBeCloseTo(1.4, 1);
    expect(s.pauses[0]!.end).toBeCloseTo(1.8, 1);
  });

  it('puts the word after a comma right after the pause the comma made', () => {
    const text = 'Well, the quick brown fox jumps.';
    const words = estimateWordTimings(
      text,
      audio(3, [
        [0.1, 0.5],
        [0.9, 2.8],
      ]),
      RATE,
    );
    expect(words.map((w) => w.value)).toEqual(['Well', 'the', 'quick', 'brown', 'fox', 'jumps']);
    expect(words[0]!.start).toBeCloseTo(0.1, 1);
    expect(words[0]!.end).toBeCloseTo(0.5, 1);
    expect(words[1]!.start).toBeCloseTo(0.9, 1);
    expect(words.at(-1)!.end).toBeCloseTo(2.8, 1);
  });

  it('matches two pauses to the two punctuation marks they belong to, not to the first ones', () => {
    const text = 'One, two three four five six seven; eight nine. Ten';
    const spans: [number, number][] = [
      [0, 2.4],
      [2.8, 3.6],
      [4.0, 4.4],
    ];
    const words = estimateWordTimings(text, audio(4.5, spans), RATE);
    const at = (v: string) => words.find((w) => w.value === v)!;
    expect(at('eight').start).toBeCloseTo(2.8, 1);
    expect(at('Ten').start).toBeCloseTo(4.0, 1);
    expect(at('seven').end).toBeCloseTo(2.4, 1);
  });

  it('keeps words in order, inside the audio, with offsets into the request text', () => {
    const text = 'Numbers like 2026 take longer than a.';
    const words = estimateWordTimings(text, audio(2, [[0, 2]]), RATE, 10, 5);
    for (const [i, w] of words.entries()) {
      expect(text.slice(w.textStart - 5, w.textEnd - 5)).toBe(w.value);
      expect(w.start).toBeGreaterThanOrEqual(i ? words[i - 1]!.end - 1e-9 : 10);
      expect(w.end).toBeLessThanOrEqual(12 + 1e-9);
    }
    const len = (v: string) => words.find((w) => w.value === v)!;
    expect(len('2026').end - len('2026').start).toBeGreaterThan(len('like').end - len('like').start);
  });

  it('gives nothing for text without words or for empty audio', () => {
    expect(estimateWordTimings('...', audio(1, [[0, 1]]), RATE)).toEqual([]);
    expect(estimateWordTimings('Hello.', new Int16Array(0), RATE)).toEqual([]);
    expect(wordsOf("don't stop")).toHaveLength(2);
  });
});
