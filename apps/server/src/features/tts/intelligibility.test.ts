/**
 * Intelligibility of the default voice: the server's speech plan for the first catalogue voice (the
 * one the text-to-speech page preselects) with default settings and the default model, run through
 * the full pipeline, then transcribed by PocketSphinx and scored by word accuracy. Measured values
 * for every voice are in docs/benchmarks.md; the floor sits below the measured 0.54 so only a real
 * loss of intelligibility fails it.
 */
import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { findRecogniser, transcribe } from '@vocalis/speech/quality/pocketsphinx';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { wordAccuracy } from '@vocalis/speech/quality/word-accuracy';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { EngineRegistry } from '../../speech/engines';
import { planSpeech } from '../../speech/speech-plan';
import { PREMADE_VOICES } from '../voices/voice-catalogue';

const FLOOR = 0.45;
const recogniser = await findRecogniser();
if (!recogniser)
  console.warn(
    'intelligibility test skipped: pocketsphinx_continuous (or pocketsphinx) and the pocketsphinx-en-us model are not installed; `apt-get install pocketsphinx pocketsphinx-en-us` (.ci/run does).',
  );

describe.skipIf(!recogniser)('intelligibility of the default voice', () => {
  it(`PocketSphinx recognises at least ${FLOOR * 100}% of the words of ten Harvard sentences`, async () => {
    const engines = new EngineRegistry([createFliteEngine(), createEspeakEngine()]);
    const voice = PREMADE_VOICES[0]!;
    const plan = (await planSpeech(engines, { voice, engine: 'auto' }))!;
    expect(plan.engineId).toBe('flite');
    const pairs: { reference: string; hypothesis: string }[] = [];
    for (const sentence of HARVARD_SENTENCES) {
      const { pcm, sampleRate } = await synthesizeToPcm({
        engine: plan.engine,
        voice: plan.engineVoice,
        text: sentence,
        language: plan.language,
        prosody: plan.params.prosody,
        speakerBoost: plan.params.speakerBoost,
      });
      pairs.push({ reference: sentence, hypothesis: await transcribe(recogniser!, pcm, sampleRate) });
    }
    const accuracy = wordAccuracy(pairs);
    expect(accuracy, JSON.stringify(pairs, null, 1)).toBeGreaterThanOrEqual(FLOOR);
  }, 180_000);

  it('scores silence as unintelligible (the recogniser is really listening)', async () => {
    const silence = new Int16Array(16000 * 2);
    const heard = await transcribe(recogniser!, silence, 16000);
    expect(wordAccuracy([{ reference: HARVARD_SENTENCES[0]!, hypothesis: heard }])).toBeLessThan(0.2);
  }, 60_000);
});
