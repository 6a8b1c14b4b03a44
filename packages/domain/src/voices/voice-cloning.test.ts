import { describe, expect, it } from 'vitest';
import {
  acceptedAudioType,
  addEditPeriodStart,
  maxVoiceAddEditsFor,
  mayCloneInstantly,
  refuseVoiceAdd,
  refuseVoiceEdit,
} from './voice-cloning';
import { customVoiceLimit } from '../billing/plans';

describe('acceptedAudioType', () => {
  it.each([
    ['me.mp3', undefined, 'mp3'],
    ['ME.WAV', 'application/octet-stream', 'wav'],
    ['take.m4a', 'audio/mp4', 'm4a'],
    ['voice.aif', undefined, 'aiff'],
    ['note.oga', undefined, 'ogg'],
    ['blob', 'audio/webm;codecs=opus', 'webm'],
    ['recording', 'audio/x-wav', 'wav'],
  ] as const)('accepts %s (%s) as %s', (name, mime, type) =>
    expect(acceptedAudioType(name, mime)).toBe(type),
  );

  it.each([
    ['notes.txt', 'audio/mpeg'],
    ['clip.avi', undefined],
    ['blob', 'text/plain'],
    ['blob', undefined],
  ])('refuses %s (%s): the spec lists aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a', (name, mime) =>
    expect(acceptedAudioType(name, mime)).toBeUndefined(),
  );
});

describe('voice limits', () => {
  it.each([
    [3, 55],
    [10, 65],
    [30, 95],
    [160, 290],
    [660, 1040],
    [-1, null],
  ])('a voice limit of %d allows %s add/edits a month: round(1.5 × voice_limit + 50)', (limit, max) =>
    expect(maxVoiceAddEditsFor(limit)).toBe(max),
  );

  it('refuses the fourth custom voice on the free plan with the counts', () => {
    expect(refuseVoiceAdd({ voices: 2, voiceLimit: 3, addEditsThisMonth: 2 })).toBeUndefined();
    expect(refuseVoiceAdd({ voices: 3, voiceLimit: 3, addEditsThisMonth: 3 })).toEqual({
      status: 400,
      code: 'voice_limit_reached',
      message:
        'You have reached your maximum amount of custom voices (3 / 3). You can upgrade your subscription or delete a voice to add another.',
    });
  });

  it('refuses adds and edits past the monthly allowance even with voice slots free', () => {
    expect(refuseVoiceAdd({ voices: 0, voiceLimit: 3, addEditsThisMonth: 55 })?.code).toBe(
      'voice_add_edit_limit_reached',
    );
    expect(refuseVoiceEdit({ voiceLimit: 10, addEditsThisMonth: 64 })).toBeUndefined();
    expect(refuseVoiceEdit({ voiceLimit: 10, addEditsThisMonth: 65 })?.message).toContain('(65 / 65)');
  });

  it('never refuses an unlimited plan', () => {
    expect(refuseVoiceAdd({ voices: 5000, voiceLimit: -1, addEditsThisMonth: 9999 })).toBeUndefined();
  });

  it('counts add/edits per calendar month (UTC)', () => {
    expect(addEditPeriodStart(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });
});

describe('mayCloneInstantly', () => {
  // billing.md §9 custom voices: Free 3, Starter 10, Creator 30, Pro 160, Scale 660, Business 660,
  // Enterprise unlimited; the spec gives no separate cloning rule, so every plan with a slot may clone.
  it.each([
    ['free', true],
    ['starter', true],
    ['creator', true],
    ['pro', true],
    ['growing_business', true],
    ['scale_2024_08_10', true],
    ['enterprise', true],
    ['trial', true],
  ])('%s may clone instantly: %s', (tier, may) => expect(mayCloneInstantly(tier)).toBe(may));

  it('agrees with the add refusal: a plan that may clone accepts its first voice', () => {
    for (const tier of ['free', 'starter', 'enterprise'])
      expect(
        refuseVoiceAdd({ voices: 0, voiceLimit: customVoiceLimit(tier), addEditsThisMonth: 0 }),
      ).toBeUndefined();
  });
});
