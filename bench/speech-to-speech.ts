/**
 * Speech to speech (docs/decisions/095): real human speech (Debian's asterisk-core-sounds-en-wav, one female
 * speaker, CC-BY-SA, with its transcripts) and a synthetic male speaker are converted by the built-in DSP
 * conversion toward target voices measured from the installed engines (RHVoice where installed, else Flite).
 * Prints, per source and target: the target's pitch median, the output's, the error; PocketSphinx word
 * accuracy before and after; and CPU seconds per second of audio.
 * Run: npx tsx bench/speech-to-speech.ts
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resample } from '@vocalis/speech/audio/resample';
import { decodeWav } from '@vocalis/speech/audio/wav';
import { convertVoice } from '@vocalis/speech/convert/voice-convert';
import type { SpeechEngine } from '@vocalis/speech/engine';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { createRhvoiceEngine, findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { measureVoice, type VoiceMeasure } from '@vocalis/speech/profile/measure';
import { findRecogniser, transcribe } from '@vocalis/speech/quality/pocketsphinx';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { wordAccuracy } from '@vocalis/speech/quality/word-accuracy';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';

const RATE = 16000;
const SOUNDS = '/usr/share/asterisk/sounds/en';
const TRANSCRIPTS = '/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

const flite = createFliteEngine();
const install = findRhvoice();
const rhvoice = install ? createRhvoiceEngine(install) : undefined;
const recogniser = await findRecogniser();

async function speak(engine: SpeechEngine, voice: string, text: string): Promise<Int16Array> {
  const s = await synthesizeToPcm({ engine, voice, text, speakerBoost: true });
  return resample(s.pcm, s.sampleRate, RATE);
}

/** The 12 longest spoken prompts (no bracketed sound descriptions), as one clip with its transcript. */
async function humanClips(): Promise<{ text: string; pcm: Int16Array }[]> {
  const lines = gunzipSync(readFileSync(TRANSCRIPTS)).toString('utf8').split('\n');
  const prompts = lines
    .map((l) => /^([a-z0-9-]+): (.+)$/.exec(l.trim()))
    .filter(
      (m): m is RegExpExecArray => !!m && !/[[(]/.test(m[2]!) && m[2]!.length > 60 && m[2]!.length < 160,
    )
    .sort((a, b) => b[2]!.length - a[2]!.length || a[1]!.localeCompare(b[1]!))
    .slice(0, 12);
  const out = [];
  for (const [, name, text] of prompts) {
    const wav = decodeWav(new Uint8Array(readFileSync(`${SOUNDS}/${name}.wav`)));
    out.push({ text: text!, pcm: await resample(wav.pcm, wav.sampleRate, RATE) });
  }
  return out;
}

const TARGETS: [string, SpeechEngine, string][] = rhvoice
  ? [
      ['RHVoice bdl (male)', rhvoice, 'bdl'],
      ['RHVoice alan (male)', rhvoice, 'alan'],
      ['RHVoice clb (female)', rhvoice, 'clb'],
    ]
  : [
      ['Flite kal16 (male)', flite, 'kal16'],
      ['Flite awb (male)', flite, 'awb'],
      ['Flite slt (female)', flite, 'slt'],
    ];

const targets: [string, VoiceMeasure][] = [];
for (const [name, engine, voice] of TARGETS)
  targets.push([
    name,
    measureVoice(await speak(engine, voice, HARVARD_SENTENCES.slice(0, 3).join(' ')), RATE),
  ]);

// The asterisk prompts are 8 kHz telephone audio: PocketSphinx's 16 kHz model recognises almost nothing of
// them (one prompt of 12 words came back as "why"), so their accuracy is not reported, only pitch and CPU.
const sources: [string, { text: string; pcm: Int16Array }[], boolean][] = [
  ['human female (asterisk prompts, 12)', await humanClips(), false],
  [
    'synthetic male (Flite kal16, 6 sentences)',
    await Promise.all(
      EVERYDAY_SENTENCES.slice(0, 6).map(async (text) => ({ text, pcm: await speak(flite, 'kal16', text) })),
    ),
    true,
  ],
  [
    'synthetic female (Flite slt, 6 sentences)',
    await Promise.all(
      EVERYDAY_SENTENCES.slice(0, 6).map(async (text) => ({ text, pcm: await speak(flite, 'slt', text) })),
    ),
    true,
  ],
];

const pct = (v: number) =>
  Number.isNaN(v) ? 'n/a' : `${v >= 0 ? '' : '-'}${Math.abs(v * 100).toFixed(1)} %`;
console.log(`Recogniser: ${recogniser ? recogniser.kind : 'none (accuracy not measured)'}`);
console.log(
  '| source | target | target f0 | source f0 | output f0 | f0 error | accuracy before | accuracy after | CPU s per audio s |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [sourceName, clips, recognisable] of sources) {
  const asr = recognisable ? recogniser : null;
  const seconds = clips.reduce((n, c) => n + c.pcm.length / RATE, 0);
  const joined = Int16Array.from(clips.flatMap((c) => [...c.pcm]));
  const sourceF0 = measureVoice(joined, RATE).pitchHz;
  const before = asr
    ? wordAccuracy(
        await Promise.all(
          clips.map(async (c) => ({
            reference: c.text,
            hypothesis: await transcribe(asr, c.pcm, RATE),
          })),
        ),
      )
    : NaN;
  for (const [targetName, target] of targets) {
    const started = process.cpuUsage();
    const outs = clips.map((c) => convertVoice(c.pcm, RATE, target).pcm);
    const cpu = process.cpuUsage(started);
    const outF0 = measureVoice(Int16Array.from(outs.flatMap((o) => [...o])), RATE).pitchHz;
    const after = asr
      ? wordAccuracy(
          await Promise.all(
            outs.map(async (o, i) => ({
              reference: clips[i]!.text,
              hypothesis: await transcribe(asr, o, RATE),
            })),
          ),
        )
      : NaN;
    console.log(
      `| ${sourceName} | ${targetName} | ${target.pitchHz.toFixed(0)} Hz | ${sourceF0.toFixed(0)} Hz | ${outF0.toFixed(0)} Hz | ${pct(outF0 / target.pitchHz - 1)} | ${pct(before)} | ${pct(after)} | ${((cpu.user + cpu.system) / 1e6 / seconds).toFixed(3)} |`,
    );
  }
}
