/**
 * Every premade voice sounds like the gender its label says, on every engine that can speak it:
 * Flite for the English voices, eSpeak-NG for all (the multilingual model, and English voices asked
 * for another language). Measured as the median f0 of a sentence: adult male speech sits around
 * 85–155 Hz, female around 165–255 Hz; the catalogue's voices measure ≤ 140 and ≥ 160.
 */
import { describe, expect, it } from 'vitest';
import { medianPitch } from '@vocalis/speech/dsp/pitch';
import { createEspeakEngine, ESPEAK_VARIANTS } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { EngineRegistry } from '../../speech/engines';
import { planSpeech, type SpeechPlan } from '../../speech/speech-plan';
import { PREMADE_VOICES } from './voice-catalogue';

const BOUNDARY_HZ = 150;
const engines = new EngineRegistry([createFliteEngine(), createEspeakEngine()]);

async function f0(plan: SpeechPlan, text: string): Promise<number> {
  const { pcm, sampleRate } = await synthesizeToPcm({
    engine: plan.engine,
    voice: plan.engineVoice,
    text,
    language: plan.language,
    prosody: plan.params.prosody,
  });
  return medianPitch(pcm, sampleRate);
}

describe('premade voice genders', () => {
  it("labels each eSpeak variant with the gender of its variant's pitch and formants", () => {
    for (const voice of PREMADE_VOICES)
      expect(`${voice.name}: ${ESPEAK_VARIANTS[voice.espeak.variant]}`).toBe(
        `${voice.name}: ${voice.labels.gender}`,
      );
  });

  it.each(PREMADE_VOICES.map((v) => [v.name, v] as const))(
    '%s sounds like its gender label on each of its engines',
    async (_name, voice) => {
      const text = voice.previewText.split(/(?<=[.!?。।])\s*/u)[0]!;
      const engineIds = voice.engine === 'flite' ? (['flite', 'espeak'] as const) : (['espeak'] as const);
      for (const engine of engineIds) {
        const plan = (await planSpeech(engines, { voice, engine }))!;
        // Whispered variants have almost no voicing, so no f0 to measure: their variant decides.
        if (plan.engineVoice.includes('whisper')) continue;
        const hz = await f0(plan, text);
        const heard = hz > BOUNDARY_HZ ? 'female' : 'male';
        expect(`${voice.name} on ${plan.engineVoice}: ${heard} (${Math.round(hz)} Hz)`).toBe(
          `${voice.name} on ${plan.engineVoice}: ${voice.labels.gender} (${Math.round(hz)} Hz)`,
        );
      }
    },
    60_000,
  );
});
