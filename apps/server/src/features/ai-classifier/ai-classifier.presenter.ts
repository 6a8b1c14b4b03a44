/** The classifier's answer as the API shows it (snake_case, rounded). */
import type { AiClassifierResponse } from '@vocalis/contracts/ai-classifier';
import type { ClassifierVerdict } from '@vocalis/domain/ai-classifier';
import type { Classification } from '@vocalis/speech/watermark/classify';

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export function presentClassification(c: Classification, verdict: ClassifierVerdict): AiClassifierResponse {
  return {
    probability: round(c.probability, 4),
    generated_by_this_installation: c.generatedHere,
    verdict,
    score: round(c.score, 2),
    threshold: c.threshold,
    false_positive_bound: Number(c.falsePositiveBound.toPrecision(3)),
    duration_seconds: round(c.durationSeconds, 2),
    analysed_seconds: round(c.analysedSeconds, 2),
    method: 'watermark',
  };
}
