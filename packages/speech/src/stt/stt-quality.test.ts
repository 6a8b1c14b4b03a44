/**
 * Floors under the figures of bench/speech-to-text.ts (docs/benchmarks.md): word error rate on real human
 * speech (asterisk-core-sounds-en-wav, a fixed subset), speakers told apart on a clip of two different
 * recordings, and forced-alignment error against Flite's own word times.
 */
import { describe, expect, it } from 'vitest';
import { asteriskPrompts, asteriskPromptsInstalled } from '../quality/asterisk-prompts';
import { EVERYDAY_SENTENCES } from '../quality/sentences';
import { wordErrors } from '../quality/word-accuracy';
import {
  RATE,
  promptPcm,
  speakerAccuracy,
  syntheticSpeech,
  twoSpeakerClip,
} from '../testing/speech-fixtures';
import { diarize } from './diarize';
import { alignText } from './forced-align';
import { pocketSphinxEngine } from './pocketsphinx-stt';

const engine = await pocketSphinxEngine();
const prompts = asteriskPromptsInstalled();
if (!engine || !prompts)
  console.warn(
    `speech-to-text quality floors SKIPPED: ${!engine ? 'pocketsphinx + pocketsphinx-en-us' : ''} ${
      !prompts ? 'asterisk-core-sounds-en-wav' : ''
    } not installed (npm run setup:voices installs them)`,
  );

describe.skipIf(!engine || !prompts)('speech to text quality on real and synthetic speech', () => {
  it('keeps the word error rate on human telephone prompts under 0.65 (bench: 0.54)', async () => {
    let errors = 0;
    let words = 0;
    for (const p of asteriskPrompts({ every: 16 })) {
      const r = await engine!.transcribe(await promptPcm(p), RATE, { language: 'en' });
      const e = wordErrors(p.transcript, r.words.map((w) => w.text).join(' '));
      errors += e.substitutions + e.deletions + e.insertions;
      words += e.referenceWords;
    }
    expect(words).toBeGreaterThan(70);
    expect(errors / words).toBeLessThan(0.65);
  }, 300_000);

  it('finds two speakers on a clip of two different recordings and labels at least 90% of words right', async () => {
    const clip = await twoSpeakerClip(
      asteriskPrompts({ every: 20 }).slice(0, 4),
      EVERYDAY_SENTENCES.slice(0, 4),
    );
    const heard = await engine!.transcribe(clip.pcm, RATE, { language: 'en' });
    const speakers = diarize(heard.words, clip.pcm, RATE);
    expect(new Set(speakers).size).toBe(2);
    expect(speakerAccuracy(heard.words, speakers, clip.turns)).toBeGreaterThanOrEqual(0.9);
    // One recording alone stays one speaker.
    const one = await syntheticSpeech(EVERYDAY_SENTENCES.slice(4, 7).join(' '));
    const heardOne = await engine!.transcribe(one.pcm, RATE, { language: 'en' });
    expect(new Set(diarize(heardOne.words, one.pcm, RATE)).size).toBe(1);
  }, 300_000);

  it('aligns synthetic speech to within 100 ms mean boundary error of its true word times (bench: 47 ms)', async () => {
    let error = 0;
    let n = 0;
    for (const text of EVERYDAY_SENTENCES.slice(0, 4)) {
      const s = await syntheticSpeech(text);
      const heard = await engine!.transcribe(s.pcm, RATE, { language: 'en' });
      const a = alignText(text, heard.words, s.pcm.length / RATE);
      expect(a.words).toHaveLength(s.words.length);
      a.words.forEach((w, i) => {
        error += Math.abs(w.start - s.words[i]!.start) + Math.abs(w.end - s.words[i]!.end);
        n += 2;
      });
    }
    expect(error / n).toBeLessThan(0.1);
  }, 300_000);
});
