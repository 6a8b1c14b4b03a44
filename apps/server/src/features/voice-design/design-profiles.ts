/**
 * A designed voice as a profile (docs/decisions/075): the description's accent and gender choose an
 * installed engine voice per engine, and its pitch, pace, range and brightness targets become that voice's
 * prosody and brightness shelf, exactly as a clone's measured targets do (decision 060). A remix moves an
 * existing profile by the remix's targets.
 */
import {
  CENTRE_PITCH_HZ,
  designTargets,
  shiftPitch,
  type DesignedAttributes,
} from '@vocalis/domain/voices/voice-design';
import type { DesignAccent, DesignGender } from '@vocalis/domain/voices/voice-description';
import { baselineOf, fitOnBase } from '@vocalis/speech/profile/clone';
import type { VoiceMeasure } from '@vocalis/speech/profile/measure';
import type { StoredVoiceProfile } from '../../db/schema/voices';
import type { EngineRegistry } from '../../speech/engines';

type EngineKey = 'rhvoice' | 'flite' | 'espeak';
const ENGINES: EngineKey[] = ['rhvoice', 'flite', 'espeak'];

/**
 * The engine voices per accent and gender. RHVoice and Flite have no British English voice of either
 * gender except the Scottish-accented male ones (alan, awb); eSpeak-NG has British and Scottish English.
 */
const BASE_VOICES: Record<DesignAccent, Record<DesignGender, Record<EngineKey, string>>> = {
  american: {
    male: { rhvoice: 'bdl', flite: 'kal16', espeak: 'en-us+m3' },
    female: { rhvoice: 'clb', flite: 'slt', espeak: 'en-us+f2' },
  },
  british: {
    male: { rhvoice: 'alan', flite: 'awb', espeak: 'en-gb+m3' },
    female: { rhvoice: 'clb', flite: 'slt', espeak: 'en-gb+f2' },
  },
  scottish: {
    male: { rhvoice: 'alan', flite: 'awb', espeak: 'en-gb-scotland+m3' },
    female: { rhvoice: 'clb', flite: 'slt', espeak: 'en-gb-scotland+f2' },
  },
};

/** What the product says about an accent it can only partly give. */
export function accentNotes(accent: DesignAccent | undefined, gender: DesignGender): string[] {
  if (accent === 'british' && gender === 'male')
    return [
      'No southern British English male voice is installed: the default model speaks with a Scottish English voice (RHVoice alan or Flite awb); the eSpeak-NG model speaks British English.',
    ];
  if ((accent === 'british' || accent === 'scottish') && gender === 'female')
    return [
      `No ${accent === 'british' ? 'British' : 'Scottish'} English female voice is installed for the default model: it speaks with an American accent; the eSpeak-NG model speaks ${accent === 'british' ? 'British' : 'Scottish'} English.`,
    ];
  return [];
}

/** The engine voice the default model speaks a design with (RHVoice where installed, else Flite). */
export function defaultBaseVoice(profile: StoredVoiceProfile): string {
  const r = profile.renderings.rhvoice ?? profile.renderings.flite;
  return r ? `${profile.renderings.rhvoice ? 'RHVoice' : 'Flite'} ${r.voice}` : 'eSpeak-NG';
}

/** Fits one preview's attributes on every installed engine. */
export async function designProfile(
  engines: EngineRegistry,
  d: DesignedAttributes,
): Promise<StoredVoiceProfile> {
  const t = designTargets(d);
  const pitchHz = shiftPitch(CENTRE_PITCH_HZ[d.gender], t.pitchSemitones);
  const renderings: StoredVoiceProfile['renderings'] = {
    flite: undefined,
    rhvoice: undefined,
    espeak: undefined,
  };
  let measure: VoiceMeasure | undefined;
  for (const id of ENGINES) {
    if (!engines.has(id)) continue;
    const voice = BASE_VOICES[d.accent][d.gender][id];
    const base = { engine: engines.get(id), voice, steps: 0 };
    const baseline = await baselineOf(base);
    const target: VoiceMeasure = {
      ...baseline,
      pitchHz,
      pitchLowHz: baseline.pitchLowHz * (pitchHz / baseline.pitchHz),
      pitchHighHz: baseline.pitchHighHz * (pitchHz / baseline.pitchHz),
      pitchRangeSemitones: baseline.pitchRangeSemitones * t.rangeFactor,
      syllablesPerSecond: baseline.syllablesPerSecond * t.rateFactor,
      brightnessDb: baseline.brightnessDb + t.brightnessDb,
    };
    const { rendering } = await fitOnBase(target, base);
    renderings[id] = { voice, ...rendering };
    measure ??= target;
  }
  if (!measure) throw new Error('voice design: no English engine is available');
  return { version: 1, gender: d.gender, measure: { ...measure }, renderings };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * A remix of an existing profile: the same engine voices, pitch and pace moved by the remix's targets
 * (relative to what the voice had). A remix that changes the gender is designed afresh on the new
 * gender's voices, keeping the accent.
 */
export async function remixProfile(
  engines: EngineRegistry,
  existing: StoredVoiceProfile,
  d: DesignedAttributes,
): Promise<StoredVoiceProfile> {
  if (d.gender !== existing.gender) return designProfile(engines, d);
  const t = designTargets(d);
  const pitch = 2 ** (t.pitchSemitones / 12);
  const renderings: StoredVoiceProfile['renderings'] = {
    flite: undefined,
    rhvoice: undefined,
    espeak: undefined,
  };
  for (const id of ENGINES) {
    const r = existing.renderings[id];
    if (!r) continue;
    renderings[id] = {
      voice: r.voice,
      prosody: {
        pitch: clamp(r.prosody.pitch * pitch, 0.5, 2),
        rate: clamp(r.prosody.rate * t.rateFactor, 0.5, 2),
        pitchVariation: clamp(r.prosody.pitchVariation * t.rangeFactor, 0.25, 3),
      },
      brightnessDb: clamp(r.brightnessDb + t.brightnessDb, -12, 12),
    };
  }
  const m = existing.measure;
  const measure = {
    ...m,
    pitchHz: (m.pitchHz ?? CENTRE_PITCH_HZ[d.gender]) * pitch,
    syllablesPerSecond: (m.syllablesPerSecond ?? 4) * t.rateFactor,
    pitchRangeSemitones: (m.pitchRangeSemitones ?? 6) * t.rangeFactor,
    brightnessDb: (m.brightnessDb ?? 0) + t.brightnessDb,
  };
  return { version: 1, gender: existing.gender, measure, renderings };
}
