/**
 * One speech-to-speech job as a worker thread runs it: the built-in DSP conversion toward the target (when
 * one is given; a conversion server's output comes without), speaker boost, and encoding.
 */
import { encodeAudio } from '@vocalis/speech/audio/encode';
import type { OutputFormat } from '@vocalis/speech/audio/output-format';
import { dspConverter, type ConverterTarget } from '@vocalis/speech/convert/converter';
import type { ConversionReport } from '@vocalis/speech/convert/voice-convert';
import { normalizeLoudness } from '@vocalis/speech/dsp/loudness';
import { embedWatermark } from '@vocalis/speech/watermark/embed';

export interface ConversionJob {
  pcm: Int16Array;
  sampleRate: number;
  /** Convert toward this profile; absent when the audio has already been converted (by a server). */
  target?: ConverterTarget;
  speakerBoost: boolean;
  format: OutputFormat;
  /** The installation's watermark key: converted speech is generated audio and carries the mark (decision 100). */
  watermarkKey: string;
}

export interface ConversionResult {
  audio: Uint8Array;
  report?: ConversionReport;
}

/** Runs a job to its one result (a generator, as worker pools step through jobs). */
export async function* runConversionJob(
  job: ConversionJob,
  signal: AbortSignal,
): AsyncGenerator<ConversionResult> {
  let pcm = job.pcm;
  let report: ConversionReport | undefined;
  if (job.target) {
    const out = await dspConverter.convert({ pcm, sampleRate: job.sampleRate, target: job.target }, signal);
    pcm = out.pcm;
    report = out.report;
  }
  signal.throwIfAborted();
  if (job.speakerBoost) pcm = normalizeLoudness(pcm);
  pcm = embedWatermark(pcm, job.sampleRate, job.watermarkKey);
  yield { audio: await encodeAudio(pcm, job.sampleRate, job.format), report };
}
