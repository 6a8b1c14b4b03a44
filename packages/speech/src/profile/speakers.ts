/**
 * Speaker separation of a sample (decision 085): the clip is cut into speech segments (segments.ts),
 * each segment is described by its median pitch (semitones) and spectral tilt, and the segments are
 * split into two groups by 2-means on those features. Two speakers are reported only when the groups'
 * centres lie at least SPEAKER_DISTANCE apart (a man and a woman are 8–12 semitones apart; one reader's
 * sentences vary by 1–2); otherwise the clip is one speaker. It does not tell apart two voices of the
 * same pitch and timbre: that needs speaker embeddings this machine has no model for.
 */
import { pitchTrack } from '../dsp/pitch';
import { concat } from '../synthesize';
import { sliceSegment, speechSegments, type SpeechSegment } from './segments';
import { bandTiltDb } from './spectrum';

/** One speaker found in a clip: the segments attributed to it. */
export interface FoundSpeaker {
  speakerId: string;
  segments: SpeechSegment[];
  durationSecs: number;
  pitchHz: number;
}

/** Feature distance (semitones, with 3 dB of tilt counting as one) from which two groups are two speakers. */
export const SPEAKER_DISTANCE = 4;
const TILT_DB_PER_SEMITONE = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

type Described = { segment: SpeechSegment; st: number; tilt: number };

function describe(pcm: Int16Array, sampleRate: number, segment: SpeechSegment): Described | undefined {
  const part = sliceSegment(pcm, sampleRate, segment);
  const f0 = pitchTrack(part, sampleRate).f0;
  if (f0.length < 5) return undefined;
  const hop = Math.round(0.01 * sampleRate);
  const starts: number[] = [];
  for (let i = 0; i + hop <= part.length; i += hop) starts.push(i);
  const tilt = bandTiltDb(part, sampleRate, starts);
  return { segment, st: 12 * Math.log2(median(f0) / 100), tilt: Number.isFinite(tilt) ? tilt : 0 };
}

const dist = (a: { st: number; tilt: number }, b: { st: number; tilt: number }) =>
  Math.hypot(a.st - b.st, (a.tilt - b.tilt) / TILT_DB_PER_SEMITONE);

function centre(group: Described[]) {
  return {
    st: group.reduce((s, d) => s + d.st, 0) / group.length,
    tilt: group.reduce((s, d) => s + d.tilt, 0) / group.length,
  };
}

/** Where a voice lies in the separation's feature space: median pitch (semitones over 100 Hz) and spectral tilt. */
export type VoiceFeatures = { st: number; tilt: number };

/**
 * The centre of a clip's voiced speech segments (`segments`: all of its speech when not given), weighted
 * by segment; undefined when no segment holds enough pitch to describe.
 */
export function voiceFeatures(
  pcm: Int16Array,
  sampleRate: number,
  segments: SpeechSegment[] = speechSegments(pcm, sampleRate),
): { features: VoiceFeatures; segments: number } | undefined {
  const described = segments.map((s) => describe(pcm, sampleRate, s)).filter((d) => d !== undefined);
  return described.length ? { features: centre(described), segments: described.length } : undefined;
}

/** The mean of several clips' features, weighted by their described segments. */
export function poolFeatures(
  parts: { features: VoiceFeatures; segments: number }[],
): VoiceFeatures | undefined {
  const n = parts.reduce((s, p) => s + p.segments, 0);
  if (!n) return undefined;
  return {
    st: parts.reduce((s, p) => s + p.features.st * p.segments, 0) / n,
    tilt: parts.reduce((s, p) => s + p.features.tilt * p.segments, 0) / n,
  };
}

/** The separation's distance between two voices (semitones, 3 dB of tilt counting as one). */
export const speakerDistance = (a: VoiceFeatures, b: VoiceFeatures): number => dist(a, b);

/** Splits a mono clip by speaker: one or two speakers, the one with more speech first. */
export function separateSpeakers(pcm: Int16Array, sampleRate: number): FoundSpeaker[] {
  const segments = speechSegments(pcm, sampleRate);
  const described = segments.map((s) => describe(pcm, sampleRate, s)).filter((d) => d !== undefined);
  const speaker = (id: number, group: SpeechSegment[], st: number): FoundSpeaker => ({
    speakerId: `speaker_${id}`,
    segments: group,
    durationSecs: Math.round(group.reduce((s, g) => s + g.end - g.start, 0) * 100) / 100,
    pitchHz: Math.round(100 * 2 ** (st / 12)),
  });
  const all = () => [speaker(0, segments, described.length ? centre(described).st : NaN)];
  if (described.length < 2) return segments.length ? all() : [];
  // 2-means from the lowest- and highest-pitched segments.
  const byPitch = [...described].sort((a, b) => a.st - b.st);
  let centres = [byPitch[0]!, byPitch[byPitch.length - 1]!].map((d) => ({ st: d.st, tilt: d.tilt }));
  let groups: Described[][] = [[], []];
  for (let round = 0; round < 20; round++) {
    groups = [[], []];
    for (const d of described) groups[dist(d, centres[0]!) <= dist(d, centres[1]!) ? 0 : 1]!.push(d);
    if (!groups[0]!.length || !groups[1]!.length) return all();
    const next = groups.map(centre);
    if (next.every((c, i) => dist(c, centres[i]!) < 1e-6)) break;
    centres = next;
  }
  if (dist(centres[0]!, centres[1]!) < SPEAKER_DISTANCE) return all();
  const duration = (g: Described[]) => g.reduce((s, d) => s + d.segment.end - d.segment.start, 0);
  const ordered = [0, 1].sort((a, b) => duration(groups[b]!) - duration(groups[a]!));
  return ordered.map((g, i) =>
    speaker(
      i,
      groups[g]!.map((d) => d.segment),
      centres[g]!.st,
    ),
  );
}

/** A speaker's audio: its segments of the clip, joined with 0.2 s of silence between them. */
export function speakerAudio(pcm: Int16Array, sampleRate: number, segments: SpeechSegment[]): Int16Array {
  const gap = new Int16Array(Math.round(sampleRate * 0.2));
  return concat(
    segments.flatMap((s, i) =>
      i ? [gap, sliceSegment(pcm, sampleRate, s)] : [sliceSegment(pcm, sampleRate, s)],
    ),
  );
}
