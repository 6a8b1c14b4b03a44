import { describe, expect, it } from 'vitest';
import { startTranscriptionStandIn } from '../testing/transcription-server-stand-in';
import { INTERPOLATED_LOSS, alignText, matchWords } from './forced-align';
import { httpTranscriptionEngine, transcriptionEndpoint, wordsOfVerbose } from './http-transcription';
import { kMeans } from './diarize';
import { parseTimedOutput } from './pocketsphinx-stt';
import { toIso1, toIso3 } from './stt-engine';

describe('speech to text parts', () => {
  it('reads PocketSphinx -time output: words with times and confidence, markers and fillers dropped', () => {
    const out =
      'hello world\n<s> 0.000 0.100 0.99\nhello 0.110 0.500 0.8\n<sil> 0.51 0.6 1\nworld(2) 0.610 0.900 0.5\n[NOISE] 0.9 1.0 1\n</s> 1.0 1.1 1\n';
    expect(parseTimedOutput(out)).toEqual([
      { text: 'hello', start: 0.11, end: 0.5, confidence: 0.8 },
      { text: 'world', start: 0.61, end: 0.9, confidence: 0.5 },
    ]);
  });

  it('maps language codes between ISO 639-1, 639-3, locales and names', () => {
    expect([toIso1('eng'), toIso1('en-US'), toIso1('English'), toIso1('deu'), toIso1('x')]).toEqual([
      'en',
      'en',
      'en',
      'de',
      null,
    ]);
    expect(toIso3('en')).toBe('eng');
  });

  it('aligns text words to heard words and shares time out to the unheard ones', () => {
    expect(matchWords(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd'])).toEqual([
      [0, 0],
      [2, 2],
      [3, 3],
    ]);
    const a = alignText(
      'The quick, brown fox.',
      [
        { text: 'the', start: 0.1, end: 0.3, confidence: 1 },
        { text: 'fox', start: 1.0, end: 1.4, confidence: 0.5 },
      ],
      2,
    );
    expect(a.words.map((w) => [w.text, w.start, w.end, w.heard])).toEqual([
      ['The', 0.1, 0.3, true],
      ['quick,', 0.3, 0.682, false],
      ['brown', 0.682, 1, false],
      ['fox.', 1, 1.4, true],
    ]);
    expect(a.words[1]!.loss).toBe(INTERPOLATED_LOSS);
    expect(a.words[3]!.loss).toBeCloseTo(-Math.log(0.5), 3);
    expect(a.characters.map((c) => c.text).join('')).toBe('The quick, brown fox.');
  });

  it('clusters two voices apart with k-means', () => {
    const { labels } = kMeans(
      [
        [7, 0.5],
        [8, 0.6],
        [7.05, 0.52],
        [8.1, 0.58],
      ],
      2,
    );
    expect(labels[0]).toBe(labels[2]);
    expect(labels[1]).toBe(labels[3]);
    expect(labels[0]).not.toBe(labels[1]);
  });

  it('spreads segment words when a server gives no word times', () => {
    expect(wordsOfVerbose({ segments: [{ text: ' one two ', start: 1, end: 2 }] })).toEqual([
      { text: 'one', start: 1, end: 1.5, confidence: 1 },
      { text: 'two', start: 1.5, end: 2, confidence: 1 },
    ]);
    expect(transcriptionEndpoint('http://h:8000/v1/')).toBe('http://h:8000/v1/audio/transcriptions');
  });

  it('sends audio to an OpenAI-compatible transcription server and reads its word times', async () => {
    const server = await startTranscriptionStandIn('Guten Morgen zusammen', 'german');
    try {
      const engine = httpTranscriptionEngine({
        url: server.url,
        model: 'Systran/faster-whisper-small',
        apiKey: 'k',
      });
      const r = await engine.transcribe(new Int16Array(32000), 16000, { language: 'de' });
      expect(r.language).toBe('de');
      expect(r.words.map((w) => [w.text, w.start, w.end])).toEqual([
        ['Guten', 0, 2 / 3],
        ['Morgen', 2 / 3, 4 / 3],
        ['zusammen', 4 / 3, 2],
      ]);
      expect(server.calls).toEqual([
        {
          model: 'Systran/faster-whisper-small',
          language: 'de',
          responseFormat: 'verbose_json',
          granularities: ['word', 'segment'],
          seconds: 2,
          authorization: 'Bearer k',
        },
      ]);
    } finally {
      await server.close();
    }
  });
});
