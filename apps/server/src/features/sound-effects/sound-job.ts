/**
 * One sound-effect job as a worker thread runs it: the built-in synthesis from the prompt's plan (or a sound
 * server's audio, fitted to the requested length), the watermark every generated audio carries (decision
 * 100), and encoding.
 */
import { encodeAudio } from '@vocalis/speech/audio/encode';
import type { OutputFormat } from '@vocalis/speech/audio/output-format';
import { fitLength } from '@vocalis/speech/sfx/http-sound';
import { SFX_RATE, synthesizeSound, type SoundRequest } from '@vocalis/speech/sfx/synthesize';
import { embedWatermark } from '@vocalis/speech/watermark/embed';
import { SOUND_PROFILE } from '@vocalis/speech/watermark/scheme';

export interface SoundJob {
  /** Synthesise this request; or take `pcm` from a server. */
  synth?: SoundRequest;
  pcm?: { samples: Int16Array; sampleRate: number; seconds: number | null };
  format: OutputFormat;
  watermarkKey: string;
}

export interface SoundResult {
  audio: Uint8Array;
  /** Seconds of the made sound (samples / rate). */
  seconds: number;
}

export async function* runSoundJob(job: SoundJob, signal: AbortSignal): AsyncGenerator<SoundResult> {
  let pcm: Int16Array;
  let rate: number;
  if (job.synth) {
    pcm = synthesizeSound(job.synth);
    rate = SFX_RATE;
  } else {
    const p = job.pcm!;
    rate = p.sampleRate;
    pcm = p.seconds === null ? p.samples : fitLength(p.samples, Math.round(p.seconds * rate));
  }
  signal.throwIfAborted();
  pcm = embedWatermark(pcm, rate, job.watermarkKey, SOUND_PROFILE);
  yield { audio: await encodeAudio(pcm, rate, job.format), seconds: pcm.length / rate };
}
