import { describe, expect, it } from 'vitest';

import { describeReport } from './describe-report';

describe('describeReport', () => {
  it('says what the conversion moved', () => {
    expect(
      describeReport({
        source_pitch_hz: 92,
        target_pitch_hz: 176,
        range_factor: 0.8,
        formant_scale: 1.2,
        brightness_db: -3.5,
      }),
    ).toBe('pitch 92 Hz → 176 Hz · intonation range ×0.8 · formants ×1.2 · brightness -3.5 dB');
    expect(
      describeReport({
        source_pitch_hz: 1,
        target_pitch_hz: 2,
        range_factor: 1,
        formant_scale: 1,
        brightness_db: 2,
      }),
    ).toContain('brightness +2 dB');
  });
});
