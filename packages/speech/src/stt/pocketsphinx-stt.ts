/**
 * The built-in recogniser: CMU PocketSphinx 0.8 (Debian `pocketsphinx` + `pocketsphinx-en-us`) run as a child
 * process per file, with `-time yes` for each word's start, end and posterior confidence. US English only;
 * a small-vocabulary-era recogniser, far less accurate than neural ones (see docs/benchmarks.md).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resample } from '../audio/resample';
import { encodeWav } from '../audio/wav';
import { findRecogniser } from '../quality/pocketsphinx';
import type { RecognisedWord, Recognition, SpeechToTextEngine, TranscribeOptions } from './stt-engine';

const run = promisify(execFile);
const MODEL = '/usr/share/pocketsphinx/model/en-us';
const RATE = 16000;
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Markers and fillers the decoder reports between words. */
const NOT_WORDS = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/i;

/** Words with times from `pocketsphinx_continuous -time yes` output (alternate pronunciations "word(2)" folded). */
export function parseTimedOutput(stdout: string, offsetSeconds = 0): RecognisedWord[] {
  const words: RecognisedWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (!m || NOT_WORDS.test(m[1]!)) continue;
    words.push({
      text: m[1]!.replace(/\(\d+\)$/, ''),
      start: Number(m[2]) + offsetSeconds,
      end: Number(m[3]) + offsetSeconds,
      confidence: Math.min(1, Math.max(0, Number(m[4]))),
    });
  }
  return words;
}

/** Share of energy above 4 kHz under which 16 kHz audio counts as telephone (narrowband) speech. */
const NARROWBAND_ENERGY = 1e-3;

/**
 * The US English model is wideband: telephone audio (nothing above 4 kHz) resampled properly to 16 kHz
 * scores ~0.9 WER on it. Spectral folding, the 8 kHz samples with zeros between them, mirrors the 0-4 kHz
 * band into 4-8 kHz, which the model tolerates far better (~0.5-0.55 WER on the asterisk prompts, measured
 * in bench/speech-to-text.ts). Wideband audio passes unchanged.
 */
export async function widenNarrowband(pcm16k: Int16Array): Promise<Int16Array> {
  const low8k = await resample(pcm16k, RATE, 8000);
  const back = await resample(low8k, 8000, RATE);
  let total = 0;
  let high = 0;
  const n = Math.min(back.length, pcm16k.length);
  for (let i = 0; i < n; i++) {
    total += pcm16k[i]! * pcm16k[i]!;
    high += (pcm16k[i]! - back[i]!) ** 2;
  }
  if (total === 0 || high / total >= NARROWBAND_ENERGY) return pcm16k;
  const folded = new Int16Array(low8k.length * 2);
  low8k.forEach((s, i) => (folded[2 * i] = s));
  return folded;
}

/** The PocketSphinx engine, or null when the recogniser or its US English model is not installed. */
export async function pocketSphinxEngine(): Promise<SpeechToTextEngine | null> {
  const found = await findRecogniser();
  if (!found || found.kind !== 'continuous') return null;
  const binary = found.binary;
  return {
    id: 'pocketsphinx',
    description:
      'CMU PocketSphinx 0.8 with its US English model, on this server: English only, word times and ' +
      'confidences; far less accurate than neural recognisers.',
    languages: ['en'],
    async transcribe(pcm: Int16Array, sampleRate: number, options: TranscribeOptions): Promise<Recognition> {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vocalis-stt-'));
      try {
        const file = path.join(dir, 'in.wav');
        const audio = await widenNarrowband(
          sampleRate === RATE ? pcm : await resample(pcm, sampleRate, RATE),
        );
        await fs.writeFile(file, encodeWav(audio, RATE));
        const { stdout } = await run(
          binary,
          [
            '-infile',
            file,
            '-hmm',
            path.join(MODEL, 'en-us'),
            '-lm',
            path.join(MODEL, 'en-us.lm.bin'),
            '-dict',
            path.join(MODEL, 'cmudict-en-us.dict'),
            '-time',
            'yes',
            '-logfn',
            '/dev/null',
          ],
          { maxBuffer: 64 << 20, signal: options.signal },
        );
        return { words: parseTimedOutput(stdout), language: 'en', languageProbability: 1 };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
