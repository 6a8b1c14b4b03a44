import type { AiClassifierResponse } from '@vocalis/contracts/ai-classifier';
import { describe, expect, it } from 'vitest';

import { verdictText } from './verdict-text';

const base: AiClassifierResponse = {
  probability: 0.9999,
  generated_by_this_installation: true,
  verdict: 'generated_here',
  score: 11.2,
  threshold: 5,
  false_positive_bound: 1.4e-25,
  duration_seconds: 6.1,
  analysed_seconds: 4.9,
  method: 'watermark',
};

describe('verdictText', () => {
  it('says generated here with the probability and the bound', () => {
    const t = verdictText(base);
    expect(t).toMatchObject({ tone: 'generated', headline: 'Generated here' });
    expect(t.detail).toContain('99.99%');
    expect(t.detail).toContain('1.4e-25');
  });
  it('says not generated here for a clip without the mark', () => {
    const t = verdictText({
      ...base,
      verdict: 'not_detected',
      generated_by_this_installation: false,
      probability: 0.0012,
    });
    expect(t).toMatchObject({ tone: 'human', headline: 'Not generated here' });
    expect(t.detail).toContain('0.1%');
  });
  it('says when there is too little sound', () => {
    const t = verdictText({
      ...base,
      verdict: 'too_little_audio',
      generated_by_this_installation: false,
      analysed_seconds: 0.3,
    });
    expect(t).toMatchObject({ tone: 'unsure', headline: 'Too little audio to tell' });
    expect(t.detail).toContain('0.3 s');
  });
});
