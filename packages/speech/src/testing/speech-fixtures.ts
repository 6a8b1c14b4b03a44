/**
 * Audio with known answers for measuring speech to text, diarization and forced alignment (bench and tests):
 * a two-speaker clip built from two different recordings (a human prompt and a Flite male voice, turn by
 * turn, with pauses), and synthetic speech whose true word times come from the engine's phone timings.
 */
import fs from 'node:fs';
import { decodeAudio } from '../audio/ffmpeg';
import { createFliteEngine } from '../engines/flite';
import { synthesizeUtterance } from '../synthesize';
import { resample } from '../audio/resample';
import type { Prompt } from '../quality/asterisk-prompts';

export const RATE = 16000;

/** A prompt's audio as 16 kHz mono PCM. */
export async function promptPcm(p: Prompt): Promise<Int16Array> {
  return decodeAudio(fs.readFileSync(p.file), RATE);
}

/** Speech with true word spans (seconds), from the engine's own phone timings. */
export async function syntheticSpeech(
  text: string,
  voice = 'kal16',
): Promise<{ pcm: Int16Array; words: { text: string; start: number; end: number }[] }> {
  const blocks: Int16Array[] = [];
  const words: { text: string; start: number; end: number }[] = [];
  let offset = 0;
  for await (const c of synthesizeUtterance({ engine: createFliteEngine(), voice, text })) {
    const pcm = c.sampleRate === RATE ? c.pcm : await resample(c.pcm, c.sampleRate, RATE);
    const a = c.alignment;
    let cur: { text: string; start: number; end: number } | null = null;
    a.characters.forEach((ch, i) => {
      if (/\s/.test(ch)) {
        if (cur) words.push(cur);
        cur = null;
        return;
      }
      const start = a.character_start_times_seconds[i]! + offset;
      const end = a.character_end_times_seconds[i]! + offset;
      if (!cur) cur = { text: ch, start, end };
      else {
        cur.text += ch;
        cur.end = end;
      }
    });
    if (cur) words.push(cur);
    blocks.push(pcm);
    offset += pcm.length / RATE;
  }
  const out = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return { pcm: out, words };
}

/** Turns of two speakers joined with pauses; each turn's speaker (0 or 1) and span in seconds. */
export async function twoSpeakerClip(
  humanTurns: Prompt[],
  syntheticTurns: string[],
  pauseSeconds = 0.7,
): Promise<{ pcm: Int16Array; turns: { speaker: number; start: number; end: number }[] }> {
  const parts: { speaker: number; pcm: Int16Array }[] = [];
  for (let i = 0; i < Math.max(humanTurns.length, syntheticTurns.length); i++) {
    if (humanTurns[i]) parts.push({ speaker: 0, pcm: await promptPcm(humanTurns[i]!) });
    if (syntheticTurns[i]) parts.push({ speaker: 1, pcm: (await syntheticSpeech(syntheticTurns[i]!)).pcm });
  }
  const pause = Math.round(pauseSeconds * RATE);
  const out = new Int16Array(parts.reduce((n, p) => n + p.pcm.length + pause, 0));
  const turns: { speaker: number; start: number; end: number }[] = [];
  let at = 0;
  for (const p of parts) {
    out.set(p.pcm, at);
    turns.push({ speaker: p.speaker, start: at / RATE, end: (at + p.pcm.length) / RATE });
    at += p.pcm.length + pause;
  }
  return { pcm: out, turns };
}

/** Share of words given the right speaker, under the better of the two label assignments. */
export function speakerAccuracy(
  words: { start: number; end: number }[],
  speakers: number[],
  turns: { speaker: number; start: number; end: number }[],
): number {
  const truth = words.map((w) => {
    const mid = (w.start + w.end) / 2;
    const t = turns.reduce((best, t) =>
      Math.abs((t.start + t.end) / 2 - mid) < Math.abs((best.start + best.end) / 2 - mid) ? t : best,
    );
    return mid >= t.start - 0.3 && mid <= t.end + 0.3 ? t.speaker : -1;
  });
  const same = truth.filter((s, i) => s === speakers[i]).length;
  const swapped = truth.filter((s, i) => s === 1 - speakers[i]!).length;
  return Math.max(same, swapped) / Math.max(1, words.length);
}
