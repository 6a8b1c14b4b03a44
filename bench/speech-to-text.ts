/**
 * Speech to text (docs/decisions/090): the built-in PocketSphinx engine's word accuracy and real-time factor
 * on a fixed subset of real human speech (Debian asterisk-core-sounds-en-wav, CC-BY-SA-3.0: every 6th plain
 * prompt), the built-in diarization on a two-speaker clip (human prompts and a Flite male voice, turn by
 * turn), and forced alignment on synthetic speech whose true word times come from Flite's phone timings.
 * Writes its section of docs/benchmarks.md. Run: npx tsx bench/speech-to-text.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { asteriskPrompts, asteriskPromptsInstalled } from '@vocalis/speech/quality/asterisk-prompts';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { wordErrors } from '@vocalis/speech/quality/word-accuracy';
import { diarize } from '@vocalis/speech/stt/diarize';
import { alignText } from '@vocalis/speech/stt/forced-align';
import { pocketSphinxEngine } from '@vocalis/speech/stt/pocketsphinx-stt';
import {
  RATE,
  promptPcm,
  speakerAccuracy,
  syntheticSpeech,
  twoSpeakerClip,
} from '@vocalis/speech/testing/speech-fixtures';

if (!asteriskPromptsInstalled()) throw new Error('apt-get install -y asterisk-core-sounds-en-wav first');
const engine = await pocketSphinxEngine();
if (!engine) throw new Error('apt-get install -y pocketsphinx pocketsphinx-en-us first');

// 1. Word accuracy and real-time factor on human speech.
const prompts = asteriskPrompts({ every: 6 });
let errors = 0;
let refWords = 0;
let audioSeconds = 0;
let busySeconds = 0;
for (const p of prompts) {
  const pcm = await promptPcm(p);
  const t0 = performance.now();
  const r = await engine.transcribe(pcm, RATE, { language: 'en' });
  busySeconds += (performance.now() - t0) / 1000;
  audioSeconds += pcm.length / RATE;
  const e = wordErrors(p.transcript, r.words.map((w) => w.text).join(' '));
  errors += e.substitutions + e.deletions + e.insertions;
  refWords += e.referenceWords;
}
const wer = errors / refWords;
const rtf = busySeconds / audioSeconds;
console.log(
  `human prompts: ${prompts.length}, ${refWords} words, ${audioSeconds.toFixed(1)} s; WER ${wer.toFixed(3)}; RTF ${rtf.toFixed(3)}`,
);

// 2. Diarization on two different recordings.
const clip = await twoSpeakerClip(asteriskPrompts({ every: 20 }).slice(0, 4), EVERYDAY_SENTENCES.slice(0, 4));
const heard = await engine.transcribe(clip.pcm, RATE, { language: 'en' });
const auto = diarize(heard.words, clip.pcm, RATE);
const fixed = diarize(heard.words, clip.pcm, RATE, 2);
const autoAcc = speakerAccuracy(heard.words, auto, clip.turns);
const fixedAcc = speakerAccuracy(heard.words, fixed, clip.turns);
const found = new Set(auto).size;
console.log(
  `diarization: ${clip.turns.length} turns, ${heard.words.length} words; auto ${found} speakers, ${autoAcc.toFixed(3)}; num_speakers=2 ${fixedAcc.toFixed(3)}`,
);

// 3. Forced alignment against Flite's own word times.
let n = 0;
let absError = 0;
let within100 = 0;
let heardWords = 0;
for (const text of EVERYDAY_SENTENCES.slice(0, 8)) {
  const s = await syntheticSpeech(text);
  const r = await engine.transcribe(s.pcm, RATE, { language: 'en' });
  const a = alignText(text, r.words, s.pcm.length / RATE);
  a.words.forEach((w, i) => {
    const truth = s.words[i]!;
    for (const d of [Math.abs(w.start - truth.start), Math.abs(w.end - truth.end)]) {
      absError += d;
      n++;
      if (d <= 0.1) within100++;
    }
    if (w.heard) heardWords++;
  });
}
const mae = absError / n;
console.log(
  `forced alignment: ${n / 2} words; mean boundary error ${(mae * 1000).toFixed(0)} ms; within 100 ms ${(within100 / n).toFixed(3)}; heard ${(heardWords / (n / 2)).toFixed(3)}`,
);

const section = `<!-- speech-to-text:start -->
## Speech to text, diarization and forced alignment (\`npx tsx bench/speech-to-text.ts\`)

Built-in engine: PocketSphinx 0.8 (Debian \`pocketsphinx\` + \`pocketsphinx-en-us\`), US English, one child process
per file (decision 090). The asterisk prompts are 8 kHz telephone audio; the wideband model scored WER 0.894
on them resampled properly, so narrowband input is widened by spectral folding first (\`widenNarrowband\`). Measured ${new Date().toISOString().slice(0, 10)} on the shared 2-core machine.

| measure | material | figure |
|---|---|---:|
| word error rate (WER) | ${prompts.length} human prompts of \`asterisk-core-sounds-en-wav\` (every 6th plain prompt, ${refWords} words, ${audioSeconds.toFixed(0)} s, 8 kHz telephone recordings by Allison Smith, CC-BY-SA-3.0) | ${wer.toFixed(3)} (word accuracy ${(1 - wer).toFixed(3)}) |
| real-time factor | the same | ${rtf.toFixed(3)} |
| speakers found, no num_speakers | two-speaker clip: ${clip.turns.length} turns alternating a human prompt and Flite kal16 (male) reading an everyday sentence, 0.7 s pauses | ${found} |
| words with the right speaker, no num_speakers | the same (${heard.words.length} recognised words) | ${autoAcc.toFixed(3)} |
| words with the right speaker, num_speakers=2 | the same | ${fixedAcc.toFixed(3)} |
| forced alignment: mean word-boundary error | 8 everyday sentences spoken by Flite kal16, true times from its phone durations (${n / 2} words) | ${(mae * 1000).toFixed(0)} ms |
| forced alignment: boundaries within 100 ms | the same | ${(within100 / n).toFixed(3)} |
| forced alignment: words the recogniser heard (the rest share time between heard neighbours) | the same | ${(heardWords / (n / 2)).toFixed(3)} |

The test \`packages/speech/src/stt/stt-quality.test.ts\` holds floors under these (WER, speaker accuracy,
alignment error); it skips, saying so, when \`asterisk-core-sounds-en-wav\` or PocketSphinx is not installed.
<!-- speech-to-text:end -->`;

const file = path.join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const doc = fs.readFileSync(file, 'utf8');
const re = /<!-- speech-to-text:start -->[\s\S]*<!-- speech-to-text:end -->/;
fs.writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
console.log('wrote the speech-to-text section of docs/benchmarks.md');
