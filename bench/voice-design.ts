/**
 * Designed voices (docs/decisions/075): descriptions are read into attributes, fitted as profiles on the
 * default model's engine voice (RHVoice where installed, else Flite) and read held-out everyday sentences.
 * Prints the pitch median and speech rate each description asked for and what the speech measured, so
 * "deep" < "high" and "slow" < "fast" are checked on audio, not on parameters. Attributes a description
 * leaves open are set neutral (middle-aged American, medium pitch, normal pace) rather than spread.
 * Run: npx tsx bench/voice-design.ts
 */
import {
  CENTRE_PITCH_HZ,
  designTargets,
  shiftPitch,
  type DesignedAttributes,
} from '@vocalis/domain/voices/voice-design';
import { parseVoiceDescription } from '@vocalis/domain/voices/voice-description';
import { measureSamples } from '@vocalis/speech/profile/clone';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { designProfile } from '../apps/server/src/features/voice-design/design-profiles';
import { createEngineRegistry } from '../apps/server/src/speech/engines';

const engines = createEngineRegistry({ speechHttp: undefined });
const engineId = engines.has('rhvoice') ? 'rhvoice' : 'flite';
const TEXT = EVERYDAY_SENTENCES.slice(0, 6).join(' ');

const DESCRIPTIONS = [
  'a man',
  'a very deep man',
  'a deep man',
  'a high man',
  'a very slow man',
  'a slow man',
  'a fast man',
  'a very fast man',
  'a British man',
  'a deep, slow, older British man, warm and calm',
  'a woman',
  'a deep woman',
  'a high woman',
  'a very high woman',
  'a slow woman',
  'a fast woman',
  'a young, fast, energetic woman, bright',
];

const NEUTRAL: DesignedAttributes = {
  gender: 'male',
  age: 'middle_aged',
  accent: 'american',
  pitch: 'medium',
  pace: 'normal',
  energy: 'neutral',
  tone: 'neutral',
  variation: 0,
};

const neutralRate = new Map<string, number>();
console.log(
  `Engine: ${engineId}. Text: ${EVERYDAY_SENTENCES.slice(0, 6).length} held-out everyday sentences.`,
);
console.log(
  '| description | base voice | asked f0 | measured f0 | f0 error | asked rate | measured rate (vs neutral) | syl/s |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const description of DESCRIPTIONS) {
  const d: DesignedAttributes = { ...NEUTRAL, ...parseVoiceDescription(description).attributes };
  const profile = await designProfile(engines, d);
  const r = profile.renderings[engineId]!;
  const out = await synthesizeToPcm({
    engine: engines.get(engineId),
    voice: r.voice,
    text: TEXT,
    prosody: { ...r.prosody, range: 1 },
    brightnessDb: r.brightnessDb,
    speakerBoost: true,
  });
  const got = await measureSamples([out]);
  const t = designTargets(d);
  const askedHz = shiftPitch(CENTRE_PITCH_HZ[d.gender], t.pitchSemitones);
  const key = `${d.gender}:${r.voice}`;
  if (['a man', 'a woman', 'a British man'].includes(description))
    neutralRate.set(key, got.syllablesPerSecond);
  const neutral = neutralRate.get(key);
  const relative = neutral ? `×${(got.syllablesPerSecond / neutral).toFixed(2)}` : 'n/a';
  console.log(
    `| ${description} | ${engineId} ${r.voice} | ${askedHz.toFixed(0)} Hz | ${got.pitchHz.toFixed(0)} Hz | ` +
      `${((got.pitchHz / askedHz - 1) * 100).toFixed(1)} % | ×${t.rateFactor.toFixed(2)} | ${relative} | ${got.syllablesPerSecond.toFixed(2)} |`,
  );
}
process.exit(0);
