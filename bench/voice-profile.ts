/**
 * Voice profile quality: four sample voices (eSpeak and Flite at shifted pitch and rate, reading the
 * Harvard sentences) are measured, fitted on each base engine (RHVoice where installed, Flite) with 0
 * and 1 correction steps, and the clone reads held-out everyday sentences. Prints how close the clone's
 * pitch median, speech rate and brightness land to the sample's, and the fit time.
 * Run: npx tsx bench/voice-profile.ts
 * `--pvc`: instead, professional (fine profile, decision 086) against instant fitting on the same five
 * samples per voice, both judged against the same speaker reading the held-out sentences.
 */
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { createRhvoiceEngine, findRhvoice } from '@vocalis/speech/engines/rhvoice';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { fitOnBase, measureSamples } from '@vocalis/speech/profile/clone';
import { comparePvcIvc } from './voice-profile-pvc';
import { baseGender } from '@vocalis/speech/profile/fit';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';

const flite = createFliteEngine();
const espeak = await createEspeakEngine();
const install = findRhvoice();
const rhvoice = install ? createRhvoiceEngine(install) : undefined;

const SAMPLES: [string, SpeechEngine, string, { pitch: number; rate: number }][] = [
  ['low male (eSpeak m3, pitch ×0.8, rate ×1.15)', espeak, 'en-us+m3', { pitch: 0.8, rate: 1.15 }],
  ['male (eSpeak m1, pitch ×1.1, rate ×0.9)', espeak, 'en-us+m1', { pitch: 1.1, rate: 0.9 }],
  ['female (eSpeak f4, pitch ×1.0, rate ×1.0)', espeak, 'en-us+f4', { pitch: 1, rate: 1 }],
  ['high female (Flite slt, pitch ×1.3, rate ×0.85)', flite, 'slt', { pitch: 1.3, rate: 0.85 }],
];
const BASES: [string, SpeechEngine, { male: string; female: string }][] = [
  ...(rhvoice
    ? [
        ['RHVoice', rhvoice, { male: 'bdl', female: 'clb' }] as [
          string,
          SpeechEngine,
          { male: string; female: string },
        ],
      ]
    : []),
  ['Flite', flite, { male: 'kal16', female: 'slt' }],
];

if (process.argv.includes('--pvc')) {
  await comparePvcIvc(SAMPLES, BASES);
  process.exit(0);
}

const pct = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`;
console.log('| sample | target f0 / rate | base | steps | clone f0 | clone rate | brightness Δ | fit time |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [label, engine, voice, prosody] of SAMPLES) {
  const sample = await synthesizeToPcm({ engine, voice, text: HARVARD_SENTENCES.join(' '), prosody });
  const target = await measureSamples([sample]);
  for (const [name, base, voices] of BASES) {
    const baseVoice = voices[baseGender(target.pitchHz)];
    for (const steps of [0, 1]) {
      const t0 = performance.now();
      const { rendering } = await fitOnBase(target, { engine: base, voice: baseVoice, steps });
      const ms = performance.now() - t0;
      const out = await synthesizeToPcm({
        engine: base,
        voice: baseVoice,
        text: EVERYDAY_SENTENCES.join(' '),
        prosody: { ...rendering.prosody, range: 1 },
        brightnessDb: rendering.brightnessDb,
        speakerBoost: true,
      });
      const got = await measureSamples([out]);
      console.log(
        `| ${label} | ${target.pitchHz.toFixed(0)} Hz / ${target.syllablesPerSecond.toFixed(2)} syl/s | ${name} ${baseVoice} | ${steps} | ` +
          `${pct(got.pitchHz, target.pitchHz)} | ${pct(got.syllablesPerSecond, target.syllablesPerSecond)} | ` +
          `${(got.brightnessDb - target.brightnessDb).toFixed(1)} dB | ${(ms / 1000).toFixed(1)} s |`,
      );
    }
  }
}
process.exit(0);
