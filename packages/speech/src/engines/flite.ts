/**
 * Flite (CMU) English engine, the WASI build run with `node:wasi` in a child process (see
 * flite-process.ts: in-process it segfaulted test workers). One call synthesizes at most
 * `FLITE_MAX_CALL_CHARS` characters: inputs of ~1,800 characters crashed the whole process, so longer
 * sentences are cut at commas or spaces first. Each call gets a fresh WASI instance and temp dir,
 * because Flite writes the WAV to a file.
 */
import { decodeWav } from '../audio/wav';
import type { EngineVoice, SpeechChunk, SpeechEngine, SynthesisRequest } from '../engine';
import { throwIfAborted } from '../engine';
import { splitLong } from '../text/segment';
import { parsePsdur, phonesToEvents, type Phone } from './flite-phones';
import { FlitePool } from './flite-pool';

/** Longest text one Flite call receives (900 worked, 1,800 crashed). */
export const FLITE_MAX_CALL_CHARS = 600;

/**
 * Defaults measured on this build (median f0 of a test sentence); multipliers in `Prosody` scale them.
 * `rms` ignores `int_f0_target_mean` (measured: no change at 150 Hz), so its pitch cannot be moved.
 */
const VOICES: (EngineVoice & { f0: number; f0sd: number })[] = [
  { id: 'kal16', name: 'Kal (diphone)', languages: ['en-US'], gender: 'male', f0: 95, f0sd: 11 },
  { id: 'awb', name: 'AWB (Scottish English)', languages: ['en-GB'], gender: 'male', f0: 130, f0sd: 12 },
  { id: 'rms', name: 'RMS', languages: ['en-US'], gender: 'male', f0: 100, f0sd: 12 },
  { id: 'slt', name: 'SLT', languages: ['en-US'], gender: 'female', f0: 174, f0sd: 20 },
];

let pool: FlitePool | undefined;
const flitePool = () => (pool ??= new FlitePool());

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Flite `--setf` features for a request's prosody. */
export function fliteFeatures(request: SynthesisRequest): Record<string, number> {
  const voice = VOICES.find((v) => v.id === request.voice);
  if (!voice) throw new Error(`unknown Flite voice: ${request.voice}`);
  const p = request.prosody ?? {};
  const variation = (p.pitchVariation ?? 1) * (p.range ?? 1);
  return {
    duration_stretch: clamp(1 / (p.rate ?? 1), 0.25, 4),
    int_f0_target_mean: clamp(voice.f0 * (p.pitch ?? 1), 40, 500),
    int_f0_target_stddev: clamp(voice.f0sd * variation, 0, 100),
  };
}

interface FliteOutput {
  pcm: Int16Array;
  sampleRate: number;
  phones: Phone[];
}

/** Runs Flite once on a short text (at most FLITE_MAX_CALL_CHARS). */
export async function runFlite(
  voice: string,
  text: string,
  features: Record<string, number>,
): Promise<FliteOutput> {
  if (text.length > FLITE_MAX_CALL_CHARS)
    throw new Error(`Flite input over ${FLITE_MAX_CALL_CHARS} characters`);
  const setf = Object.entries(features).flatMap(([k, v]) => ['--setf', `${k}=${v}`]);
  // `-t` forces literal text: a single word without a space would otherwise be read as a file name.
  const out = await flitePool().run(['flite', '-psdur', '-voice', voice, ...setf, '-t', text]);
  if (out.code !== 0 || !out.wav) throw new Error(`Flite exited with ${out.code}: ${out.log.slice(0, 200)}`);
  const wav = decodeWav(out.wav);
  return { pcm: wav.pcm, sampleRate: wav.sampleRate, phones: parsePsdur(out.log) };
}

/** The Flite engine: English voices kal16, awb, rms and slt. */
export function createFliteEngine(): SpeechEngine {
  return {
    id: 'flite',
    voices: async () => VOICES.map(({ id, name, languages, gender }) => ({ id, name, languages, gender })),
    languages: async () => ['en', 'en-US', 'en-GB'],
    async *synthesize(request: SynthesisRequest, signal?: AbortSignal): AsyncIterable<SpeechChunk> {
      const features = fliteFeatures(request);
      let time = request.timeOffset ?? 0;
      for (const piece of splitLong(
        { text: request.text, start: 0, end: request.text.length },
        FLITE_MAX_CALL_CHARS,
      )) {
        throwIfAborted(signal);
        // Flite says nothing for text without letters or digits; skip the call.
        if (!/[\p{L}\p{N}]/u.test(piece.text)) continue;
        const out = await runFlite(request.voice, piece.text, features);
        const events = phonesToEvents(piece.text, out.phones, time, piece.start);
        yield { pcm: out.pcm, sampleRate: out.sampleRate, events };
        time += out.pcm.length / out.sampleRate;
      }
    },
  };
}
