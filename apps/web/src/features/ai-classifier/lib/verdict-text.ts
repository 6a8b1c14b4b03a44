import type { AiClassifierResponse } from '@vocalis/contracts/ai-classifier';

export type VerdictText = { tone: 'generated' | 'human' | 'unsure'; headline: string; detail: string };

const percent = (p: number) => `${(p * 100).toFixed(p > 0.999 || p < 0.001 ? 2 : 1)}%`;

/** How the page words a classifier answer. */
export function verdictText(r: AiClassifierResponse): VerdictText {
  if (r.verdict === 'generated_here')
    return {
      tone: 'generated',
      headline: 'Generated here',
      detail: `This installation's watermark is in the audio (probability ${percent(r.probability)}; audio without it scores this high with a chance below ${r.false_positive_bound.toPrecision(2)}).`,
    };
  if (r.verdict === 'too_little_audio')
    return {
      tone: 'unsure',
      headline: 'Too little audio to tell',
      detail: `Only ${r.analysed_seconds.toFixed(1)} s of the file holds sound; a second or more is needed.`,
    };
  return {
    tone: 'human',
    headline: 'Not generated here',
    detail: `No watermark of this installation was found (probability ${percent(r.probability)}). Audio made by other generators carries no mark this classifier knows.`,
  };
}
