import { z } from 'zod';

/** POST /v1/ai-speech-classifier multipart fields (the audio is the part named `file`). */
export const aiClassifierFields = z.looseObject({
  file: z.unknown().optional().meta({ description: 'The audio to check (multipart part named file).' }),
});

export const aiClassifierVerdict = z.enum(['generated_here', 'not_detected', 'too_little_audio']);

export const aiClassifierResponse = z
  .object({
    probability: z.number().min(0).max(1).meta({
      description: 'Posterior probability (equal priors) that this installation generated the audio.',
    }),
    generated_by_this_installation: z.boolean(),
    verdict: aiClassifierVerdict,
    score: z.number().meta({ description: 'Watermark correlation score (about N(0,1) without the mark).' }),
    threshold: z.number().meta({ description: 'Score from which the audio counts as generated here.' }),
    false_positive_bound: z
      .number()
      .meta({ description: 'Upper bound on the chance that audio without the mark scores this high.' }),
    duration_seconds: z.number(),
    analysed_seconds: z.number().meta({ description: 'Seconds with sound the detector used.' }),
    method: z.literal('watermark'),
  })
  .meta({ id: 'AiSpeechClassifierResponse' });

export type AiClassifierResponse = z.infer<typeof aiClassifierResponse>;
