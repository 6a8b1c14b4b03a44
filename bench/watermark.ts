/**
 * The watermark of generated audio (decision 100): detection after each transformation, false positives on
 * human recordings, how far under the speech the mark sits, and whether a recogniser hears the same words.
 * Generated clips: three everyday or Harvard sentences per clip, every English voice of every engine here,
 * marked at 44.1 kHz by the same embedder the encoder uses. Human: Debian asterisk-core-sounds-en-wav
 * (Allison Smith, CC-BY-SA-3.0; scripts/setup-voices.sh installs it), every prompt of 1 s or more.
 * Run: npx tsx bench/watermark.ts (about 9 minutes on the shared 2-core machine, most of it PocketSphinx and Opus)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { findRecogniser, transcribe } from '@vocalis/speech/quality/pocketsphinx';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { wordErrorRate } from '@vocalis/speech/quality/word-accuracy';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { detectWatermark, THRESHOLD, falsePositiveBound } from '@vocalis/speech/watermark/detect';
import { embedWatermark } from '@vocalis/speech/watermark/embed';
import { maskingReport } from '@vocalis/speech/watermark/masking';
import { createEngineRegistry } from '../apps/server/src/speech/engines';

const KEY = 'bench-watermark-key';
const RATE = 44100;
const HUMAN_DIR = '/usr/share/asterisk/sounds/en';
const engines = createEngineRegistry({ speechHttp: undefined });
const VOICES: [string, string][] = [
  ['flite', 'slt'],
  ['flite', 'kal16'],
  ['flite', 'awb'],
  ['flite', 'rms'],
  ['espeak', 'en-us'],
  ['espeak', 'en-gb'],
  ...(engines.has('rhvoice')
    ? (['bdl', 'clb', 'slt', 'alan'].map((v) => ['rhvoice', v]) as [string, string][])
    : []),
];
const SENTENCES = [...EVERYDAY_SENTENCES, ...HARVARD_SENTENCES];
const CLIPS_PER_VOICE = Number(process.env.CLIPS_PER_VOICE ?? 3);

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;

const ffmpegPcm = async (pcm: Int16Array, rate: number, codecArgs: string[], ext: string) =>
  decodeAudio(
    await runFfmpeg(
      ['-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'in.raw', ...codecArgs, `out.${ext}`],
      { 'in.raw': new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) },
      `out.${ext}`,
    ),
    16000,
  );

/** Each transformation of a marked 44.1 kHz clip, as 16 kHz PCM for the detector. */
const TRANSFORMS: [string, (marked: Int16Array) => Promise<Int16Array>][] = [
  ['none (WAV 44.1 kHz)', (m) => resample(m, RATE, 16000)],
  ['mp3 128 kbit/s', async (m) => decodeAudio(await encodeAudio(m, RATE, 'mp3_44100_128'), 16000)],
  ['mp3 64 kbit/s', async (m) => decodeAudio(await encodeAudio(m, RATE, 'mp3_44100_64'), 16000)],
  ['opus 32 kbit/s (voip)', async (m) => decodeAudio(await encodeAudio(m, RATE, 'opus_48000_32'), 16000)],
  ['resampled to 16 kHz (WAV)', async (m) => ffmpegPcm(m, RATE, ['-ar', '16000'], 'wav')],
  [
    'trimmed to 3 s (random start)',
    async (m) => {
      const pcm = await resample(m, RATE, 16000);
      const start = Math.floor(random() * Math.max(1, pcm.length - 48000));
      return pcm.subarray(start, start + 48000);
    },
  ],
  [
    'trim 3 s + mp3 64 kbit/s',
    async (m) => {
      const start = Math.floor(random() * Math.max(1, m.length - 3 * RATE));
      return decodeAudio(await encodeAudio(m.slice(start, start + 3 * RATE), RATE, 'mp3_44100_64'), 16000);
    },
  ],
];

const hits = new Map<string, { detected: number; total: number; scores: number[] }>();
const perEngine = new Map<string, { detected: number; total: number }>();
const masking: ReturnType<typeof maskingReport>[] = [];
const recogniser = await findRecogniser();
let sameWords = 0;
let asrClips = 0;
let werDiff = 0;
let werPlain = 0;
let werMarked = 0;
let sameControl = 0;
let werControl = 0;
const t0 = performance.now();
let clipIndex = 0;
for (const [engineId, voice] of VOICES) {
  for (let c = 0; c < CLIPS_PER_VOICE; c++, clipIndex++) {
    const text = [0, 1, 2].map((i) => SENTENCES[(clipIndex * 3 + i) % SENTENCES.length]).join(' ');
    const { pcm, sampleRate } = await synthesizeToPcm({
      engine: engines.get(engineId as never),
      voice,
      text,
    });
    const plain = await resample(pcm, sampleRate, RATE);
    const marked = embedWatermark(plain, RATE, KEY);
    masking.push(maskingReport(plain, marked, RATE));
    for (const [name, transform] of TRANSFORMS) {
      const d = detectWatermark(await transform(marked), KEY);
      const h = hits.get(name) ?? { detected: 0, total: 0, scores: [] };
      h.total++;
      h.scores.push(d.score);
      if (d.marked) h.detected++;
      hits.set(name, h);
      const e = perEngine.get(`${engineId} ${name}`) ?? { detected: 0, total: 0 };
      e.total++;
      if (d.marked) e.detected++;
      perEngine.set(`${engineId} ${name}`, e);
    }
    if (recogniser && c === 0) {
      const a = await transcribe(recogniser, plain, RATE);
      const b = await transcribe(recogniser, marked, RATE);
      asrClips++;
      if (a === b) sameWords++;
      werDiff += wordErrorRate(a, b);
      werPlain += wordErrorRate(text, a);
      werMarked += wordErrorRate(text, b);
      // Control: the unmarked clip through mp3 at 128 kbit/s, a change nobody calls audible.
      const control = await transcribe(
        recogniser,
        await decodeAudio(await encodeAudio(plain, RATE, 'mp3_44100_128'), 16000),
        16000,
      );
      if (control === a) sameControl++;
      werControl += wordErrorRate(a, control);
    }
  }
}
const genSeconds = (performance.now() - t0) / 1000;

// Human recordings: every prompt of at least 1 s, and the same prompts mp3-encoded.
const human = readdirSync(HUMAN_DIR)
  .filter((f) => f.endsWith('.wav'))
  .map((f) => path.join(HUMAN_DIR, f))
  .filter((f) => statSync(f).size >= 44 + 16000);
const humanScores: number[] = [];
let falsePositives = 0;
for (const file of human) {
  const d = detectWatermark(await decodeAudio(new Uint8Array(readFileSync(file)), 16000), KEY);
  humanScores.push(d.score);
  if (d.marked) falsePositives++;
}
// Generated audio checked with another installation's key: the same false-positive question on synthetic speech.
let otherKeyPositives = 0;
let otherKeyTotal = 0;
for (const [engineId, voice] of VOICES) {
  const { pcm, sampleRate } = await synthesizeToPcm({
    engine: engines.get(engineId as never),
    voice,
    text: EVERYDAY_SENTENCES.slice(0, 3).join(' '),
  });
  const marked = embedWatermark(await resample(pcm, sampleRate, RATE), RATE, KEY);
  const d = detectWatermark(await resample(marked, RATE, 16000), 'another-installation-key');
  otherKeyTotal++;
  if (d.marked) otherKeyPositives++;
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const min = (v: number[]) => Math.min(...v);
console.log(
  `Clips: ${clipIndex} generated (${VOICES.map((v) => v.join(' ')).join(', ')}; ${CLIPS_PER_VOICE} per voice, 3 sentences each), ` +
    `${human.length} human recordings. Threshold z ≥ ${THRESHOLD} (false-positive bound ${falsePositiveBound(THRESHOLD).toExponential(1)}).`,
);
console.log('\n| transformation | detected | min score | median score |\n| --- | --- | --- | --- |');
for (const [name, h] of hits)
  console.log(
    `| ${name} | ${h.detected}/${h.total} (${pct(h.detected, h.total)}) | ${min(h.scores).toFixed(1)} | ${med(h.scores).toFixed(1)} |`,
  );
console.log('\nPer engine:');
for (const [name, e] of perEngine)
  if (e.detected < e.total) console.log(`  ${name}: ${e.detected}/${e.total}`);
console.log(
  `\nHuman recordings: ${falsePositives}/${human.length} false positives (${pct(falsePositives, human.length)}); ` +
    `max score ${Math.max(...humanScores).toFixed(2)}, median ${med(humanScores).toFixed(2)}.`,
);
console.log(`Generated audio checked with another key: ${otherKeyPositives}/${otherKeyTotal} positives.`);
console.log(
  `\nLevel: mark/speech overall median ${med(masking.map((m) => m.overallDb)).toFixed(1)} dB ` +
    `(range ${min(masking.map((m) => m.overallDb)).toFixed(1)} to ${Math.max(...masking.map((m) => m.overallDb)).toFixed(1)}); ` +
    `per critical band (1-4 kHz) median ${med(masking.map((m) => m.medianBandDb)).toFixed(1)} dB; ` +
    `masking threshold median ${med(masking.map((m) => m.medianThresholdDb)).toFixed(1)} dB; ` +
    `cells above threshold: median ${pct(med(masking.map((m) => m.cellsAboveThreshold)), 1)}, worst clip ${pct(Math.max(...masking.map((m) => m.cellsAboveThreshold)), 1)}.`,
);
if (recogniser)
  console.log(
    `PocketSphinx: identical transcripts with and without the mark on ${sameWords}/${asrClips} clips; ` +
      `word difference between them ${((100 * werDiff) / asrClips).toFixed(1)} %; WER vs text ${((100 * werPlain) / asrClips).toFixed(1)} % unmarked, ${((100 * werMarked) / asrClips).toFixed(1)} % marked. ` +
      `Control (unmarked clip through mp3 128 kbit/s): identical on ${sameControl}/${asrClips}, word difference ${((100 * werControl) / asrClips).toFixed(1)} %.`,
  );
else console.log('PocketSphinx not installed: intelligibility not checked.');
console.log(`(generated part ${genSeconds.toFixed(0)} s)`);
