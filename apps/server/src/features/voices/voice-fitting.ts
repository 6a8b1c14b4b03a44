/**
 * A workspace voice's profile: measured from its samples and fitted on one base voice per engine
 * (packages/speech/src/profile, docs/decisions/060), and turned back into a voice the speech layer
 * speaks like any premade one.
 */
import { baselineOf, fitOnBase, measureSamples, type MonoAudio } from '@vocalis/speech/profile/clone';
import { baseGender } from '@vocalis/speech/profile/fit';
import type { StoredVoiceProfile } from '../../db/schema/voices';
import type { EngineRegistry } from '../../speech/engines';
import type { CustomVoiceRow } from './custom-voices.repo';
import { englishPreview, type CatalogueVoice, type VoiceLabels } from './voice-builders';

/** The engine voice each engine starts from, by gender (LGPL RHVoice voices only). */
export const BASES = {
  rhvoice: { male: 'bdl', female: 'clb' },
  flite: { male: 'kal16', female: 'slt' },
  espeak: { male: 'en-us+m3', female: 'en-us+f2' },
} as const;

/** Measures the samples and fits a rendering on every engine this server has. */
export async function fitVoiceProfile(
  engines: EngineRegistry,
  clips: MonoAudio[],
): Promise<StoredVoiceProfile> {
  const measure = await measureSamples(clips);
  const gender = baseGender(measure.pitchHz);
  const renderings: StoredVoiceProfile['renderings'] = {
    flite: undefined,
    rhvoice: undefined,
    espeak: undefined,
  };
  for (const id of ['rhvoice', 'flite', 'espeak'] as const) {
    if (!engines.has(id)) continue;
    const voice = BASES[id][gender];
    // One fit from the base voice's measure: a correction step costs a synthesis per clone and did not
    // make held-out text land closer (docs/benchmarks.md, "Voice profiles").
    const { rendering } = await fitOnBase(measure, { engine: engines.get(id), voice, steps: 0 });
    renderings[id] = { voice, ...rendering };
  }
  return { version: 1, gender, measure: { ...measure }, renderings };
}

/**
 * Measures every base voice once (called when the server listens), so the first clone does not wait
 * for the calibration syntheses. Failures are left to the first clone to report.
 */
export async function warmBaseVoices(engines: EngineRegistry, signal: AbortSignal): Promise<void> {
  for (const id of ['rhvoice', 'flite', 'espeak'] as const) {
    if (!engines.has(id)) continue;
    for (const voice of Object.values(BASES[id])) {
      if (signal.aborted) return;
      await baselineOf({ engine: engines.get(id), voice }).catch(() => undefined);
    }
  }
}

/** What a fitted profile is, in words, for the voice's description and page. */
export function describeProfile(p: StoredVoiceProfile): string {
  const m = p.measure;
  // A professional voice before its training has measured nothing yet (decision 084).
  if (!Number.isFinite(m.pitchHz) || !Number.isFinite(m.pitchRangeSemitones))
    return 'Professional voice, not trained yet: it speaks once its training has fitted a profile to the samples.';
  const r = p.renderings.rhvoice ?? p.renderings.flite;
  const base = r ? `${p.renderings.rhvoice ? 'RHVoice' : 'Flite'} ${r.voice}` : 'a built-in voice';
  return (
    `Profile voice: a synthetic ${p.gender} voice (${base}) fitted to the samples' pitch ` +
    `(median ${Math.round(m.pitchHz!)} Hz, range ${m.pitchRangeSemitones!.toFixed(1)} semitones), ` +
    `speaking rate (${m.syllablesPerSecond!.toFixed(1)} syllables/s) and brightness. ` +
    'Not a neural clone: it does not reproduce the speaker\u2019s timbre.'
  );
}

/** A workspace voice as the speech layer and history see it. */
export function speakingVoice(row: CustomVoiceRow): CatalogueVoice {
  const p = row.profile;
  const flite = p.renderings.flite;
  const rh = p.renderings.rhvoice;
  const es = p.renderings.espeak;
  const labels: VoiceLabels = {
    accent: row.labels.accent ?? 'american',
    gender: p.gender,
    age: (row.labels.age as VoiceLabels['age'] | undefined) ?? 'middle_aged',
    descriptive: row.labels.descriptive ?? '',
    use_case: row.labels.use_case ?? '',
  };
  // A designed voice may sit on a British or Scottish English eSpeak voice (`en-gb+m3`).
  const [esLanguage, variant] = (es?.voice ?? BASES.espeak[p.gender]).split('+') as [string, string];
  return {
    voiceId: row.id,
    name: row.name,
    category: row.category,
    description: row.description ?? describeProfile(p),
    labels,
    engine: 'flite',
    language: row.language,
    locale: labels.accent === 'british' || labels.accent === 'scottish' ? 'en-GB' : 'en-US',
    flite: {
      voice: (flite?.voice ?? BASES.flite[p.gender]) as 'kal16' | 'slt' | 'awb',
      prosody: flite?.prosody,
      brightnessDb: flite?.brightnessDb,
    },
    ...(rh
      ? {
          rhvoice: {
            voice: rh.voice as 'bdl' | 'clb' | 'alan',
            prosody: rh.prosody,
            brightnessDb: rh.brightnessDb,
          },
        }
      : {}),
    espeak: { language: esLanguage, variant, prosody: es?.prosody, brightnessDb: es?.brightnessDb },
    remoteVoice: p.gender === 'female' ? 'nova' : 'onyx',
    previewText: englishPreview(row.name),
  };
}
