import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_TEXTS,
  CAPTCHA_MAX_SPEAKER_DISTANCE,
  captchaMatch,
  captchaText,
  captchaVerdict,
  refuseProfessionalAdd,
  refuseTraining,
} from './professional-cloning';

describe('professional clone limit (billing.md: 0, 0, 1, 1, 1, 3 + extra_pvc_slots)', () => {
  it.each([
    ['free', 0, 0, 'professional_voice_limit_reached'],
    ['starter', 0, 0, 'professional_voice_limit_reached'],
    ['creator', 0, 0, undefined],
    ['creator', 0, 1, 'professional_voice_limit_reached'],
    ['creator', 1, 1, undefined],
    ['pro', 0, 1, 'professional_voice_limit_reached'],
    ['growing_business', 0, 0, undefined],
    ['scale_2024_08_10', 0, 2, undefined],
    ['scale_2024_08_10', 0, 3, 'professional_voice_limit_reached'],
  ])('%s with %i extra slots and %i professional voices', (tier, extra, used, code) => {
    expect(refuseProfessionalAdd({ tier, extraPvcSlots: extra, professionalVoices: used })?.code).toBe(code);
  });

  it('tells a free user that the plan has no professional cloning', () => {
    expect(refuseProfessionalAdd({ tier: 'free', extraPvcSlots: 0, professionalVoices: 0 })?.message).toMatch(
      /does not include professional voice cloning/,
    );
  });
});

describe('refuseTraining', () => {
  it('needs a verified voice, 10 s of speech and no training running', () => {
    expect(refuseTraining({ verified: false, state: 'not_started', speechSeconds: 60 })?.code).toBe(
      'voice_not_verified',
    );
    expect(refuseTraining({ verified: true, state: 'not_started', speechSeconds: 9.9 })?.code).toBe(
      'not_enough_speech',
    );
    expect(refuseTraining({ verified: true, state: 'queued', speechSeconds: 60 })?.code).toBe(
      'training_in_progress',
    );
    expect(refuseTraining({ verified: true, state: 'fine_tuned', speechSeconds: 10 })).toBeUndefined();
    expect(refuseTraining({ verified: true, state: 'failed', speechSeconds: 10 })).toBeUndefined();
  });
});

describe('captcha', () => {
  it('gives two different sentences of the list, another pair on the next attempt', () => {
    const texts = new Set([0, 1, 2, 3, 4].map((a) => captchaText('voice-1', a)));
    expect(texts.size).toBeGreaterThan(1);
    for (const voice of ['voice-1', 'abc', 'x'.repeat(20)])
      for (let a = 0; a < 20; a++) {
        const pair = captchaText(voice, a)
          .match(/[^.]+\./g)!
          .map((s) => s.trim());
        expect(pair).toHaveLength(2);
        expect(pair[0]).not.toBe(pair[1]);
        for (const s of pair) expect(CAPTCHA_TEXTS).toContain(s);
      }
  });

  it('accepts half the words recognised and ignores inserted words', () => {
    expect(captchaMatch({ substitutions: 3, deletions: 2, insertions: 9, referenceWords: 10 })).toEqual({
      recall: 0.5,
      distance: 14,
      accepted: true,
    });
    expect(captchaMatch({ substitutions: 4, deletions: 2, insertions: 0, referenceWords: 10 }).accepted).toBe(
      false,
    );
  });
});

describe('captcha verdict: the right words in the voice of the samples (decision 087)', () => {
  it.each([
    [0.9, 1.5, true, undefined],
    [0.5, CAPTCHA_MAX_SPEAKER_DISTANCE, true, undefined],
    [0.4, 0.5, false, 'words'],
    [0.9, 9.5, false, 'speaker'],
    [0.9, Number.NaN, false, 'noVoice'],
    [0.2, 9.5, false, 'words'],
  ])('recall %f, speaker distance %f', (recall, speakerDistance, accepted, failure) => {
    expect(captchaVerdict({ recall, speakerDistance })).toEqual(
      failure ? { accepted, failure } : { accepted },
    );
  });
});
