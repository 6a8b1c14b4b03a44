/**
 * The verdict on an audio file: was it made by the installation holding `key`? Decodes any format ffmpeg
 * reads, resamples to 16 kHz and looks for the watermark (detect.ts).
 *
 * `probability` is the posterior of "marked" for equal prior odds, from two score models: unmarked audio's
 * best-of-HYPOTHESES score has density about HYPOTHESES·φ(z) in the tail, and marked clips score about
 * N(MARKED_MEAN, MARKED_SD) (measured in bench/watermark.ts over generated clips after re-encoding and
 * trimming). The verdict itself is `score ≥ THRESHOLD`, whose false-positive rate is bounded by
 * `falsePositiveBound`.
 */
import { decodeAudio } from '../audio/ffmpeg';
import { detectWatermark, HYPOTHESES, THRESHOLD } from './detect';
import { DETECT_RATE, FRAME_SECONDS } from './scheme';

const MARKED_MEAN = 9;
const MARKED_SD = 3;

export interface Classification {
  /** Posterior probability that the audio carries this installation's watermark. */
  probability: number;
  /** score ≥ threshold. */
  generatedHere: boolean;
  score: number;
  threshold: number;
  /** Upper bound on the chance that audio without the mark scores this high. */
  falsePositiveBound: number;
  /** Length of the decoded audio. */
  durationSeconds: number;
  /** Seconds of it with sound (frames the detector used). */
  analysedSeconds: number;
}

const normal = (z: number) => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);

/** P(marked | score) for equal priors. */
export function markedProbability(score: number): number {
  const unmarked = HYPOTHESES * normal(score);
  const marked = normal((score - MARKED_MEAN) / MARKED_SD) / MARKED_SD;
  return marked / (marked + unmarked);
}

/** Classifies 16 kHz mono PCM. */
export function classifyPcm(pcm: Int16Array, key: string): Classification {
  const d = detectWatermark(pcm, key);
  return {
    probability: markedProbability(d.score),
    generatedHere: d.marked,
    score: d.score,
    threshold: THRESHOLD,
    falsePositiveBound: d.falsePositiveBound,
    durationSeconds: pcm.length / DETECT_RATE,
    analysedSeconds: d.frames * FRAME_SECONDS,
  };
}

/** Classifies an audio file of any format ffmpeg can read. */
export async function classifyAudio(bytes: Uint8Array, key: string): Promise<Classification> {
  return classifyPcm(await decodeAudio(bytes, DETECT_RATE), key);
}
