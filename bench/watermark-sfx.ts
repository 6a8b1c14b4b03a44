/**
 * The watermark of sound effects (decisions 104, 200): every example prompt of the explore pages (two per
 * procedural category) rendered with SEEDS seeds, 10 s each, marked at 44.1 kHz with the sound profile the API
 * uses, then put through each transformation the classifier promises to survive and decoded to 16 kHz for the
 * detector. Prints detection per category and transformation, and the mark's level per category.
 * Run: npx tsx bench/watermark-sfx.ts (5-25 minutes on the shared 2-core machine, by its load)
 */
import { classifierVerdict } from '@vocalis/domain/ai-classifier';
import { CATEGORIES, matchSoundPrompt } from '@vocalis/domain/audio-tools/sound-effects';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { SFX_RATE, synthesizeSound } from '@vocalis/speech/sfx/synthesize';
import { detectWatermark, THRESHOLD } from '@vocalis/speech/watermark/detect';
import { embedWatermark } from '@vocalis/speech/watermark/embed';
import { maskingReport } from '@vocalis/speech/watermark/masking';
import { FRAME_SECONDS, SOUND_PROFILE } from '@vocalis/speech/watermark/scheme';

const KEY = 'bench-watermark-key';
const RATE = SFX_RATE;
const SECONDS = 10;
const SEEDS = Number(process.env.SEEDS ?? 2);
/** The sound profile as decision 200 left it, for the gap column's "before" figure. */
const DECISION_200 = { ...SOUND_PROFILE, noiseStrength: SOUND_PROFILE.strength, floorRelease: 0.005 };

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const cutStart = (n: number, len: number) => Math.floor(random() * Math.max(1, n - len));

const TRANSFORMS: [string, (m: Int16Array) => Promise<Int16Array>][] = [
  ['mp3 128k', async (m) => decodeAudio(await encodeAudio(m, RATE, 'mp3_44100_128'), 16000)],
  ['mp3 64k', async (m) => decodeAudio(await encodeAudio(m, RATE, 'mp3_44100_64'), 16000)],
  ['opus 32k', async (m) => decodeAudio(await encodeAudio(m, RATE, 'opus_48000_32'), 16000)],
  [
    '16 kHz',
    async (m) =>
      decodeAudio(
        await runFfmpeg(
          ['-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', 'in.raw', '-ar', '16000', 'out.wav'],
          { 'in.raw': new Uint8Array(m.buffer, m.byteOffset, m.byteLength) },
          'out.wav',
        ),
        16000,
      ),
  ],
  [
    '3 s cut',
    async (m) => {
      const pcm = await resample(m, RATE, 16000);
      const at = cutStart(pcm.length, 48000);
      return pcm.subarray(at, at + 48000);
    },
  ],
  [
    'cut + mp3 64k',
    async (m) => {
      const at = cutStart(m.length, 3 * RATE);
      return decodeAudio(await encodeAudio(m.slice(at, at + 3 * RATE), RATE, 'mp3_44100_64'), 16000);
    },
  ],
];

/**
 * The mark where the sound is silent: 10 ms windows at least 60 dB under the clip's loudest 10 ms (the gaps
 * between clicks and steps, and the tails of sounds), the loudest mark level found there, dB under that loudest
 * window of the sound (decision 236: the floor's release outlasts a click by a few frames).
 */
function gapMarkDb(original: Int16Array, marked: Int16Array): number {
  const w = Math.round(RATE * 0.01);
  const windows: [number, number][] = [];
  for (let at = 0; at + w <= original.length; at += w) {
    let eo = 0;
    let em = 0;
    for (let i = at; i < at + w; i++) {
      eo += original[i]! ** 2;
      em += (marked[i]! - original[i]!) ** 2;
    }
    windows.push([eo, em]);
  }
  const peak = Math.max(...windows.map(([eo]) => eo));
  const gaps = windows.filter(([eo]) => eo < peak * 1e-6).map(([, em]) => em);
  return gaps.length ? 10 * Math.log10(Math.max(...gaps, 1e-9) / peak) : -Infinity;
}

const names = TRANSFORMS.map(([n]) => n);
const totals = new Map(names.map((n) => [n, { hit: 0, total: 0, scores: [] as number[] }]));
const misses: string[] = [];
const t0 = performance.now();
/** The negative set: the same clips unmarked, whole and cut (3.5-6.5 s) then mp3 64k, read with the key. */
const negatives = { clips: 0, positives: 0, scores: [] as number[] };
console.log(
  `| category | clips | ${names.join(' | ')} | mark / sound | cells above masking | mark in gaps (decision 200) |`,
);
console.log(`| --- | --- | ${names.map(() => '---').join(' | ')} | --- | --- | --- |`);
for (const c of CATEGORIES) {
  const hits = new Map(names.map((n) => [n, 0]));
  const levels: number[] = [];
  const above: number[] = [];
  const gaps: number[] = [];
  const gapsBefore: number[] = [];
  let clips = 0;
  for (const prompt of c.examples) {
    const m = matchSoundPrompt(prompt);
    if (!m.ok) throw new Error(prompt);
    for (let s = 0; s < SEEDS; s++) {
      const pcm = synthesizeSound({
        plan: m.plan,
        seconds: SECONDS,
        loop: false,
        promptInfluence: 0.3,
        seed: 11 + s,
      });
      const marked = embedWatermark(pcm, RATE, KEY, SOUND_PROFILE);
      const mk = maskingReport(pcm, marked, RATE);
      levels.push(mk.overallDb);
      above.push(mk.cellsAboveThreshold);
      gaps.push(gapMarkDb(pcm, marked));
      clips++;
      gapsBefore.push(gapMarkDb(pcm, embedWatermark(pcm, RATE, KEY, DECISION_200)));
      const middle = pcm.slice(3.5 * RATE, 6.5 * RATE);
      const cutMp3 = await decodeAudio(await encodeAudio(middle, RATE, 'mp3_44100_64'), 16000);
      for (const version of [await resample(pcm, RATE, 16000), cutMp3]) {
        const d = detectWatermark(version, KEY);
        negatives.clips++;
        negatives.scores.push(d.score);
        if (d.marked) negatives.positives++;
      }
      for (const [name, transform] of TRANSFORMS) {
        const d = detectWatermark(await transform(marked), KEY);
        const t = totals.get(name)!;
        t.total++;
        t.scores.push(d.score);
        if (d.marked) {
          t.hit++;
          hits.set(name, hits.get(name)! + 1);
        } else {
          // What the classifier would answer: 'too_little_audio' when the cut holds under 1 s of sound.
          const verdict = classifierVerdict(d.marked, d.frames * FRAME_SECONDS);
          misses.push(`${prompt} (seed ${11 + s}) ${name}: ${d.score.toFixed(1)}, ${verdict}`);
        }
      }
    }
  }
  const mean = (v: number[]) => v.reduce((a, x) => a + x, 0) / v.length;
  console.log(
    `| ${c.name} | ${clips} | ${names.map((n) => `${hits.get(n)}/${clips}`).join(' | ')} | ${mean(levels).toFixed(1)} dB | ${(100 * mean(above)).toFixed(0)} % | ${gapText(gaps)} (${gapText(gapsBefore)}) |`,
  );
}
function gapText(gaps: number[]): string {
  const found = gaps.filter(Number.isFinite);
  return found.length ? `${Math.max(...found).toFixed(0)} dB` : 'no gaps';
}
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log(
  `| **all** | ${totals.get(names[0]!)!.total} | ${names
    .map((n) => {
      const t = totals.get(n)!;
      return `**${t.hit}/${t.total}** (${((100 * t.hit) / t.total).toFixed(1)} %)`;
    })
    .join(' | ')} | | |`,
);
console.log(
  `\nScores (threshold ${THRESHOLD}): ${names.map((n) => `${n} min ${Math.min(...totals.get(n)!.scores).toFixed(1)} median ${med(totals.get(n)!.scores).toFixed(1)}`).join('; ')}`,
);
console.log(
  `Unmarked (each clip whole at 16 kHz and after a 3 s cut + mp3 64k): ${negatives.positives}/${negatives.clips} positives, max score ${Math.max(...negatives.scores).toFixed(2)}, median ${med(negatives.scores).toFixed(2)}`,
);
console.log(`Missed: ${misses.length ? misses.join('; ') : 'none'}`);
console.log(`(${((performance.now() - t0) / 1000).toFixed(0)} s)`);
