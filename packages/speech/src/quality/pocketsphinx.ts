/**
 * Speech to text with CMU PocketSphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`), used to check
 * that generated English speech is intelligible. Works with the Debian 0.8/5prealpha command line
 * (`pocketsphinx_continuous -infile`) and with the version 5 one (`pocketsphinx single`).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resample } from '../audio/resample';
import { encodeWav } from '../audio/wav';

const run = promisify(execFile);
const MODEL = '/usr/share/pocketsphinx/model/en-us';

/** The recogniser found on this machine, or null. */
export interface Recogniser {
  kind: 'continuous' | 'v5';
  binary: string;
}

async function which(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    try {
      await fs.access(file, fs.constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** Finds a PocketSphinx command line and the US English model, or returns null when either is missing. */
export async function findRecogniser(): Promise<Recogniser | null> {
  const continuous = await which('pocketsphinx_continuous');
  const v5 = continuous ? null : await which('pocketsphinx');
  if (!continuous && !v5) return null;
  if (continuous) {
    const model = await fs.stat(path.join(MODEL, 'en-us')).catch(() => null);
    if (!model) return null;
    return { kind: 'continuous', binary: continuous };
  }
  return { kind: 'v5', binary: v5! };
}

/** Transcribes mono PCM (any rate; PocketSphinx gets 16 kHz) and returns the recognised words. */
export async function transcribe(r: Recogniser, pcm: Int16Array, sampleRate: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vocalis-asr-'));
  try {
    const file = path.join(dir, 'in.wav');
    await fs.writeFile(file, encodeWav(await resample(pcm, sampleRate, 16000), 16000));
    if (r.kind === 'v5') {
      const { stdout } = await run(r.binary, ['single', file], { maxBuffer: 16 << 20 });
      return stdout
        .split('\n')
        .filter((l) => l.trim().startsWith('{'))
        .map((l) => String((JSON.parse(l) as { t?: string }).t ?? ''))
        .join(' ')
        .trim();
    }
    const { stdout } = await run(
      r.binary,
      [
        '-infile',
        file,
        '-hmm',
        path.join(MODEL, 'en-us'),
        '-lm',
        path.join(MODEL, 'en-us.lm.bin'),
        '-dict',
        path.join(MODEL, 'cmudict-en-us.dict'),
        '-logfn',
        '/dev/null',
      ],
      { maxBuffer: 16 << 20 },
    );
    // One line of words per utterance the recogniser found.
    return stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
