/**
 * The parts of a generation (one for text to speech, one per dialogue line) as one timeline: synthesis
 * part after part, alignments shifted, voice segments, and what the history item keeps.
 */
import { applyEspeakPhonemes } from '@vocalis/domain/pronunciation/espeak-phonemes';
import type { HistoryDialogueLine } from '@vocalis/contracts/history';
import type { VoiceSegment } from '@vocalis/contracts/text-to-dialogue';
import type { Alignment } from '@vocalis/speech/alignment';
import { synthesizeUtterance, type UtteranceChunk } from '@vocalis/speech/synthesize';
import type { EngineRegistry } from '../../speech/engines';
import type { SpeechJob } from './speech-job';
import type { Generation } from './tts-generation';

/** A synthesized sentence placed in the whole generation, with the segment of its part. */
export type PlacedChunk = UtteranceChunk & { segment: VoiceSegment };

/**
 * The parts' sentences one after another, each part shifted to start where the previous one ended,
 * each sentence with the voice segment of its part (indexes count the original alignment's characters).
 */
export async function* synthesizeParts(
  job: SpeechJob,
  engines: EngineRegistry,
  signal: AbortSignal,
): AsyncIterable<PlacedChunk> {
  let offset = 0;
  let characters = 0;
  for (const [index, part] of job.parts.entries()) {
    let end = offset;
    for await (const c of synthesizeUtterance({
      engine: engines.get(part.engineId),
      voice: part.engineVoice,
      text: part.text,
      language: part.language,
      prosody: part.prosody,
      speakerBoost: part.speakerBoost,
      brightnessDb: part.brightnessDb,
      pronunciation: part.phonemes?.length ? (t) => applyEspeakPhonemes(t, part.phonemes!) : undefined,
      normalization: job.normalization,
      seed: job.seed,
      previousText: index === 0 ? job.previousText : undefined,
      nextText: index === job.parts.length - 1 ? job.nextText : undefined,
      firstPieceWords: index === 0 ? job.firstPieceWords : undefined,
      signal,
    })) {
      const start = offset + c.start;
      end = start + c.pcm.length / c.sampleRate;
      const count = c.alignment.characters.length;
      yield {
        ...c,
        start,
        alignment: shiftAlignment(c.alignment, offset),
        normalizedAlignment: shiftAlignment(c.normalizedAlignment, offset),
        segment: {
          voice_id: part.voiceId,
          start_time_seconds: start,
          end_time_seconds: end,
          character_start_index: characters,
          character_end_index: characters + count,
          dialogue_input_index: index,
        },
      };
      characters += count;
    }
    offset = end;
  }
}

/** Times moved later by `seconds` (a dialogue line placed after the lines before it). */
function shiftAlignment(a: Alignment, seconds: number): Alignment {
  if (!seconds) return a;
  return {
    characters: a.characters,
    character_start_times_seconds: a.character_start_times_seconds.map((t) => t + seconds),
    character_end_times_seconds: a.character_end_times_seconds.map((t) => t + seconds),
  };
}

/** Consecutive segments of the same line joined into one. */
export function mergeSegments(segments: VoiceSegment[]): VoiceSegment[] {
  const out: VoiceSegment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && last.dialogue_input_index === s.dialogue_input_index)
      out[out.length - 1] = {
        ...last,
        end_time_seconds: s.end_time_seconds,
        character_end_index: s.character_end_index,
      };
    else out.push({ ...s });
  }
  return out;
}

/**
 * What a history item shows. A dialogue keeps its lines with their voices; its text is the lines one
 * per row (so search finds it) and its voice name lists the voices, while voice_id stays null because
 * no single voice made it (docs/decisions/011).
 */
export function historyContent(g: Generation): {
  text: string;
  voice: { id: string | null; name: string; category: string };
  dialogue: HistoryDialogueLine[] | null;
} {
  const first = g.parts[0]!.voice;
  if (g.source !== 'text_to_dialogue')
    return {
      text: g.parts[0]!.text,
      voice: { id: first.voiceId, name: first.name, category: first.category ?? 'premade' },
      dialogue: null,
    };
  const names = [...new Set(g.parts.map((p) => p.voice.name))];
  return {
    text: g.parts.map((p) => p.text).join('\n'),
    voice: { id: null, name: names.join(', '), category: 'premade' },
    dialogue: g.parts.map((p) => ({ text: p.text, voice_id: p.voice.voiceId, voice_name: p.voice.name })),
  };
}
