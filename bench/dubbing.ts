/**
 * Dubbing (docs/decisions/142): a synthetic English clip (Flite kal16, four everyday sentences with pauses, over pink
 * noise at 15 dB SNR) dubbed into Spanish by the whole built-in pipeline (isolator, PocketSphinx, Apertium, eSpeak-NG
 * voices fitted to the speaker, tempo fitting, mix, mp3). Prints the real-time factor per stage and overall, the
 * output's length against the source, and where each segment landed against its slot.
 * Run: npx tsx bench/dubbing.ts
 */
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { makeNoise, mixAtSnr } from '@vocalis/speech/isolate/snr';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { concat, synthesizeToPcm } from '@vocalis/speech/synthesize';
import { runDubPipeline } from '../apps/server/src/features/dubbing/dub-pipeline';
import type { DubRow } from '../apps/server/src/features/dubbing/dubbing.repo';
import { createTranslators } from '../apps/server/src/features/dubbing/translators';
import { createSttEngines } from '../apps/server/src/features/speech-to-text/stt-engines';

const RATE = 16000;

async function clip(): Promise<Int16Array> {
  const engine = createFliteEngine();
  const parts: Int16Array[] = [new Int16Array(RATE / 2)];
  for (const text of EVERYDAY_SENTENCES.slice(0, 4)) {
    const s = await synthesizeToPcm({ engine, voice: 'kal16', text, speakerBoost: true });
    parts.push(await resample(s.pcm, s.sampleRate, RATE), new Int16Array(RATE));
  }
  const speech = concat(parts);
  return mixAtSnr(speech, makeNoise('pink', speech.length / RATE, RATE), 15);
}

const source = await clip();
const seconds = source.length / RATE;
const wav = encodeWav(source, RATE);
const row = {
  id: 'bench',
  workspaceId: 'bench',
  sourcePath: 'source.wav',
  sourceType: 'wav',
  isVideo: false,
  durationSeconds: seconds,
  sourceLang: 'en',
  targetLangs: ['es'],
  segments: [],
  speakers: [],
  extraPaths: {},
  outputs: {},
  options: {
    numSpeakers: 1,
    startTime: null,
    endTime: null,
    watermark: false,
    highestResolution: false,
    dropBackgroundAudio: false,
    useProfanityFilter: false,
    dubbingStudio: false,
    mode: 'automatic',
  },
} as unknown as DubRow;

const clips = new Map<string, Uint8Array>();
const stages: [string, number][] = [];
const t0 = performance.now();
const result = await runDubPipeline(
  row,
  {
    stt: await createSttEngines({}),
    translators: createTranslators({}),
    voices: createEspeakEngine(),
    watermarkKey: 'bench-key',
    readFile: async (p: string) => (p === 'source.wav' ? wav : (clips.get(p) ?? null)),
    // Clips stay in memory: the bench measures the pipeline, not file storage.
    writeFile: async (p: string, bytes: Uint8Array) => void clips.set(p, bytes),
    async progress(_p, message) {
      if (!message.startsWith('Speaking segment')) stages.push([message, performance.now()]);
    },
  },
  { kind: 'create' },
);
const total = (performance.now() - t0) / 1000;
stages.push(['(end)', performance.now()]);
const out = await decodeAudio(result.output!.media, RATE);

console.log(
  `source ${seconds.toFixed(2)} s, output ${(out.length / RATE).toFixed(2)} s (difference ${((out.length / RATE - seconds) * 1000).toFixed(0)} ms)`,
);
console.log(`total ${total.toFixed(2)} s, RTF ${(total / seconds).toFixed(2)}`);
for (let i = 0; i < stages.length - 1; i++)
  console.log(`| ${stages[i]![0]} | ${((stages[i + 1]![1] - stages[i]![1]) / 1000).toFixed(2)} s |`);
console.log('| segment | source slot | landed | tempo | cut | text |');
result.segments.forEach((s, i) => {
  const p = result.output!.placed[i]!;
  console.log(
    `| ${i + 1} | ${s.start.toFixed(2)}-${s.end.toFixed(2)} | ${p.start.toFixed(2)}-${p.end.toFixed(2)} | ${p.tempo.toFixed(2)} | ${p.cut.toFixed(2)} | ${s.text} → ${s.translations.es} |`,
  );
});

// Decision 180: a render after one translation was edited speaks only that segment again.
const edited = {
  ...row,
  speakers: result.speakers,
  segments: result.segments.map((s, i) =>
    i === 0 ? { ...s, translations: { es: 'Buenos días a todos.' } } : s,
  ),
} as DubRow;
const deps = {
  stt: await createSttEngines({}),
  translators: createTranslators({}),
  voices: createEspeakEngine(),
  watermarkKey: 'bench-key',
  readFile: async (p: string) => (p === 'source.wav' ? wav : (clips.get(p) ?? null)),
  writeFile: async (p: string, bytes: Uint8Array) => void clips.set(p, bytes),
  progress: async () => undefined,
};
for (const [name, r] of [
  ['render, one segment edited', edited],
  [
    'render, every segment spoken again',
    { ...edited, segments: edited.segments.map((s) => ({ ...s, clips: {} })) },
  ],
] as const) {
  const t = performance.now();
  const again = await runDubPipeline(r as DubRow, deps, { kind: 'render', language: 'es' });
  console.log(
    `${name}: ${((performance.now() - t) / 1000).toFixed(2)} s, ${again.spokenSeconds.toFixed(2)} s of slots spoken of ${result.segments.reduce((n, s) => n + s.end - s.start, 0).toFixed(2)} s`,
  );
}
process.exit(0);
