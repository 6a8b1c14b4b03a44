// `npx tsx bench/speech.ts`: real-time factor and first-chunk latency of every engine voice (RHVoice
// too where it is installed) on a ~300-word paragraph, through the sentence pipeline, and the word
// accuracy PocketSphinx gets on ten Harvard and ten everyday sentences per voice. Prints markdown
// tables to stdout.
import os from 'node:os';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { createRhvoiceEngine, findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { findRecogniser, transcribe } from '@vocalis/speech/quality/pocketsphinx';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { wordAccuracy } from '@vocalis/speech/quality/word-accuracy';
import { synthesizeUtterance } from '@vocalis/speech/synthesize';
import { mapVoiceSettings } from '@vocalis/speech/voice-settings';

const PARAGRAPH = `The old lighthouse stood at the edge of the cliff for more than a century, guiding ships through the narrow channel below. Its keeper, a quiet man named Thomas, climbed the spiral stairs every evening at dusk to light the lamp. He had done so for thirty-two years, through storms that shook the glass and calm nights when the sea lay flat as a mirror. Visitors sometimes asked him whether he felt lonely out there, so far from the village and its bright windows. He would smile and say that the sea was company enough, and that every passing ship was a kind of conversation. In the winter of that final year, the harbour authority announced that the light would be automated. Engineers arrived with crates of equipment, cables and small grey boxes that blinked in the dark. Thomas watched them work with polite interest, offering tea and answering their questions about the tides. When they had gone, the lamp turned on by itself each evening, precisely on time, and Thomas found that he had nothing to do at dusk. For a few weeks he still climbed the stairs out of habit, simply to look at the water. Then one morning he packed a single suitcase, locked the door behind him, and walked down the long road to the village. People said he moved to the city to live with his daughter, who worked as a teacher near the river. Others claimed he bought a small boat and sailed south, following the coast toward warmer water. Nobody knew for certain. But on clear nights, the fishermen swore that the beam swept a little slower than before, as if the light itself remembered the patient hand that once tended it, and missed the man who had kept it burning through so many long and difficult years.`;

const rhvoice = findRhvoice();
const runs: [string, SpeechEngine, string[]][] = [
  ['flite', createFliteEngine(), ['kal16', 'awb', 'rms', 'slt']],
  ['espeak', createEspeakEngine(), ['en-us', 'en-us+f3', 'en-us+klatt4']],
  ...(rhvoice
    ? [['rhvoice', createRhvoiceEngine(rhvoice), rhvoice.voices] as [string, SpeechEngine, string[]]]
    : []),
];

async function measure(engine: SpeechEngine, voice: string) {
  const t0 = performance.now();
  let first = 0;
  let audio = 0;
  for await (const c of synthesizeUtterance({ engine, voice, text: PARAGRAPH })) {
    first ||= performance.now() - t0;
    audio += c.pcm.length / c.sampleRate;
  }
  return { first, audio, rtf: (performance.now() - t0) / 1000 / audio };
}

const words = PARAGRAPH.split(/\s+/).length;
const rows: string[] = [];
for (const [id, engine, voices] of runs) {
  await measure(engine, voices[0]!); // warm-up: compile the module, load the data
  for (const voice of voices) {
    const r = await measure(engine, voice);
    rows.push(`| ${id} | ${voice} | ${r.audio.toFixed(1)} | ${r.rtf.toFixed(4)} | ${r.first.toFixed(0)} |`);
  }
}
console.log(
  `### Speech engines (${words} words, ${PARAGRAPH.length} characters; ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version})\n`,
);
console.log('Pipeline per sentence (segmentation, normalisation, engine, alignment); warm; one run each.\n');
console.log('| engine | voice | audio (s) | RTF | first chunk (ms) |');
console.log('|---|---|---:|---:|---:|');
console.log(rows.join('\n'));

if (!rhvoice) console.log('\nRHVoice: not installed (npm run setup:voices), not measured.');

// Intelligibility: PocketSphinx word accuracy (1 − WER) per voice: every English engine voice the
// catalogue uses (eSpeak: the English variants of the catalogue).
const recogniser = await findRecogniser();
const asrVoices: [string, SpeechEngine, string[]][] = [
  [runs[0]![0], runs[0]![1], ['kal16', 'awb', 'rms', 'slt']],
  [
    runs[1]![0],
    runs[1]![1],
    ['en-us', 'en-us+klatt4', 'en-us+f3', 'en-gb-x-rp+f2', 'en-gb+klatt4', 'en-us+whisperf'],
  ],
  ...runs.slice(2),
];
console.log('\n#### Intelligibility (PocketSphinx word accuracy)\n');
if (!recogniser) console.log('Not measured: pocketsphinx is not installed.');
else {
  const count = (list: readonly string[]) => list.reduce((n, t) => n + t.split(' ').length, 0);
  console.log(
    `Ten Harvard sentences (${count(HARVARD_SENTENCES)} words) and ten everyday sentences (${count(EVERYDAY_SENTENCES)} words, held out from all tuning) per voice, default voice settings with speaker boost, transcribed by PocketSphinx 5prealpha with its US English model (16 kHz); accuracy = 1 − word error rate over all words. A human narrator scores about 0.72 with this recogniser, so ~0.8 is excellent. The intelligibility test holds the default voice (Kal: RHVoice bdl where installed, else Flite kal16) to a floor (apps/server/src/features/tts/intelligibility.test.ts). Harvard sentences are deliberately unpredictable, so a general-purpose recogniser scores lower on them than on everyday text; what matters is the comparison between voices.\n`,
  );
  console.log('| engine | voice | Harvard | everyday |');
  console.log('|---|---|---:|---:|');
  const { prosody } = mapVoiceSettings({});
  const accuracy = async (engine: SpeechEngine, voice: string, sentences: readonly string[]) => {
    const pairs: { reference: string; hypothesis: string }[] = [];
    for (const sentence of sentences) {
      const blocks: Int16Array[] = [];
      let rate = 16000;
      for await (const c of synthesizeUtterance({
        engine,
        voice,
        text: sentence,
        prosody,
        speakerBoost: true,
      })) {
        blocks.push(c.pcm);
        rate = c.sampleRate;
      }
      const pcm = new Int16Array(blocks.reduce((n, b) => n + b.length, 0));
      blocks.reduce((at, b) => (pcm.set(b, at), at + b.length), 0);
      pairs.push({ reference: sentence, hypothesis: await transcribe(recogniser, pcm, rate) });
    }
    return wordAccuracy(pairs).toFixed(2);
  };
  for (const [id, engine, voices] of asrVoices)
    for (const voice of voices)
      console.log(
        `| ${id} | ${voice} | ${await accuracy(engine, voice, HARVARD_SENTENCES)} | ${await accuracy(engine, voice, EVERYDAY_SENTENCES)} |`,
      );
}
process.exit(0);
