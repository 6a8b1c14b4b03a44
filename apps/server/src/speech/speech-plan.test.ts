import { describe, expect, it } from 'vitest';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { PREMADE_VOICES } from '../features/voices/voice-catalogue';
import { EngineRegistry } from './engines';
import { autoEngine, planSpeech } from './speech-plan';

// The plan only picks engines; these never speak.
const engine = (id: string): SpeechEngine => ({
  id,
  voices: async () => [],
  languages: async () => ['en'],
  synthesize: () => {
    throw new Error('not used');
  },
});
const withRhvoice = new EngineRegistry(['flite', 'espeak', 'rhvoice'].map(engine));
const withoutRhvoice = new EngineRegistry(['flite', 'espeak'].map(engine));
const voice = (name: string) => PREMADE_VOICES.find((v) => v.name === name)!;

describe('speech plan engines', () => {
  it.each([
    ['Kal', 'en', 'rhvoice', 'flite'],
    ['Susan', 'en-US', 'rhvoice', 'flite'],
    ['Alasdair', 'en', 'rhvoice', 'flite'],
    ['Susan', 'fr', 'espeak', 'espeak'],
    ['Imogen', 'en', 'espeak', 'espeak'],
    ['Camille', 'fr', 'espeak', 'espeak'],
  ])('%s in %s: %s where RHVoice is installed, else %s', (name, language, installed, missing) => {
    expect(autoEngine(withRhvoice, voice(name), language)).toBe(installed);
    expect(autoEngine(withoutRhvoice, voice(name), language)).toBe(missing);
  });

  it('gives the default voice and every English premade voice on Flite an RHVoice voice of its gender and accent', () => {
    const gender = { clb: 'female', slt: 'female', bdl: 'male', alan: 'male' } as const;
    for (const v of PREMADE_VOICES.filter((v) => v.engine === 'flite')) {
      expect(v.rhvoice, v.name).toBeDefined();
      expect(gender[v.rhvoice!.voice], v.name).toBe(v.labels.gender);
      expect(v.rhvoice!.voice === 'alan', v.name).toBe(v.labels.accent === 'scottish');
    }
    expect(PREMADE_VOICES[0]!.rhvoice?.voice).toBe('bdl');
  });

  it('plans the RHVoice voice with the voice profile, and a gender-matched one for eSpeak voices on the RHVoice model', async () => {
    const nora = (await planSpeech(withRhvoice, { voice: voice('Nora'), engine: 'auto' }))!;
    expect(nora).toMatchObject({ engineId: 'rhvoice', engineVoice: 'slt' });
    // Higher than the voice default: the profile (1.15) as the voice settings shape it.
    expect(nora.params.prosody.pitch).toBeGreaterThan(1.1);
    const imogen = (await planSpeech(withRhvoice, { voice: voice('Imogen'), engine: 'rhvoice' }))!;
    expect(imogen).toMatchObject({ engineId: 'rhvoice', engineVoice: 'clb' });
    const kal = (await planSpeech(withoutRhvoice, { voice: voice('Kal'), engine: 'auto' }))!;
    expect(kal).toMatchObject({ engineId: 'flite', engineVoice: 'kal16' });
  });
});
