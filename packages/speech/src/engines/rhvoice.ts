/**
 * RHVoice (Debian `rhvoice` + `rhvoice-english`, non-free component): the most natural English voices
 * obtainable here, 24 kHz. One `RHVoice-test` child process per call (~0.1 s start-up), text on stdin,
 * a WAV on stdout; the pipeline calls it sentence by sentence, so streaming starts after one sentence.
 * The command line reports no timings, so word times come from a forced alignment of the sentence to
 * its audio (estimated-timings.ts). Only the LGPL-2.1+ voices are offered: the same package's lyubov
 * and evgeniy-eng are CC-BY-NC-ND and must never be shipped or offered, whatever is installed.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { decodeWav } from '../audio/wav';
import type { EngineVoice, SpeechChunk, SpeechEngine, SynthesisRequest } from '../engine';
import { throwIfAborted } from '../engine';
import { ownChildProcess } from '../pool/child-processes';
import { splitLong } from '../text/segment';
import { estimateWordTimings } from './estimated-timings';

/** The LGPL voices, measured by PocketSphinx on everyday sentences: clb 0.83, bdl 0.79, alan 0.74, slt 0.71. */
export const RHVOICE_VOICES: readonly EngineVoice[] = [
  { id: 'clb', name: 'CLB', languages: ['en-US'], gender: 'female' },
  { id: 'bdl', name: 'BDL', languages: ['en-US'], gender: 'male' },
  { id: 'slt', name: 'SLT', languages: ['en-US'], gender: 'female' },
  { id: 'alan', name: 'Alan (Scottish English)', languages: ['en-GB'], gender: 'male' },
];

/** Longest text one call receives: long enough for any sentence, short enough to stream. */
export const RHVOICE_MAX_CALL_CHARS = 1000;
const CALL_TIMEOUT_MS = 30_000;
const DATA_DIRS = ['/usr/share/RHVoice', '/usr/local/share/RHVoice'];
const PROGRAM = 'RHVoice-test';

/** Where RHVoice is installed: its program and the LGPL voices present, or undefined. */
export interface RhvoiceInstall {
  program: string;
  voices: string[];
}

/** Finds `RHVoice-test` on PATH and the LGPL voices in its data folder (synchronous: start-up only). */
export function findRhvoice(env: NodeJS.ProcessEnv = process.env): RhvoiceInstall | undefined {
  const program = (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, PROGRAM))
    .find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (!program) return undefined;
  const voices = RHVOICE_VOICES.map((v) => v.id).filter((id) =>
    DATA_DIRS.some((dir) => existsSync(path.join(dir, 'voices', id, 'voice.info'))),
  );
  return voices.length ? { program, voices } : undefined;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Command-line arguments for a request: rate and pitch are percentages of the voice's own (100). */
export function rhvoiceArgs(request: SynthesisRequest): string[] {
  const p = request.prosody ?? {};
  const rate = Math.round(clamp((p.rate ?? 1) * 100, 25, 400));
  const pitch = Math.round(clamp((p.pitch ?? 1) * 100, 50, 200));
  return ['-p', request.voice, '-r', String(rate), '-t', String(pitch), '-o', '-'];
}

/** Runs RHVoice once; resolves with the WAV bytes it wrote to stdout. */
function runRhvoice(
  program: string,
  args: string[],
  text: string,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    ownChildProcess(child);
    const out: Buffer[] = [];
    let log = '';
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(stop, CALL_TIMEOUT_MS);
    signal?.addEventListener('abort', stop, { once: true });
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => (log = (log + b.toString()).slice(-500)));
    child.stdin.on('error', () => undefined);
    child.on('error', (err) => reject(err));
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted)
        return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (code !== 0) return reject(new Error(`RHVoice exited with ${sig ?? code}: ${log.trim()}`));
      resolve(new Uint8Array(Buffer.concat(out)));
    });
    child.stdin.end(text);
  });
}

/** The RHVoice engine over an installation found by `findRhvoice`. */
export function createRhvoiceEngine(install: RhvoiceInstall): SpeechEngine {
  const voices = RHVOICE_VOICES.filter((v) => install.voices.includes(v.id));
  return {
    id: 'rhvoice',
    voices: async () => voices.map((v) => ({ ...v })),
    languages: async () => ['en', 'en-US', 'en-GB'],
    async *synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk> {
      // An unknown profile makes RHVoice fall back to its default voice without a word: refuse it here.
      if (!install.voices.includes(request.voice)) throw new Error(`unknown RHVoice voice: ${request.voice}`);
      const args = rhvoiceArgs(request);
      let time = request.timeOffset ?? 0;
      for (const piece of splitLong(
        { text: request.text, start: 0, end: request.text.length },
        RHVOICE_MAX_CALL_CHARS,
      )) {
        throwIfAborted(signal);
        if (!/[\p{L}\p{N}]/u.test(piece.text)) continue;
        // One line: RHVoice reads stdin as plain text; line breaks inside a sentence would be pauses.
        const wav = decodeWav(
          await runRhvoice(install.program, args, piece.text.replace(/\s+/g, ' '), signal),
        );
        const events = estimateWordTimings(piece.text, wav.pcm, wav.sampleRate, time, piece.start);
        yield { pcm: wav.pcm, sampleRate: wav.sampleRate, events };
        time += wav.pcm.length / wav.sampleRate;
      }
    },
  };
}
