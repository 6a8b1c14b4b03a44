import { describe, expect, it } from 'vitest';
import { mapVoiceSettings } from './voice-settings';

describe('mapVoiceSettings', () => {
  it('leaves the engine voice unchanged at the defaults', () => {
    expect(mapVoiceSettings()).toEqual({
      prosody: { rate: 1, pitch: 1, pitchVariation: 1, range: 1 },
      speakerBoost: true,
    });
  });

  it.each([
    [{ stability: 0 }, 'pitchVariation', 1.5],
    [{ stability: 1 }, 'pitchVariation', 0.5],
    [{ style: 1 }, 'range', 1.6],
    [{ speed: 0.7 }, 'rate', 0.7],
    [{ speed: 1.2 }, 'rate', 1.2],
    [{ speed: 3 }, 'rate', 1.2],
    [{ speed: 0.1 }, 'rate', 0.7],
  ] as const)('maps %j to %s = %d', (settings, key, value) => {
    expect(mapVoiceSettings(settings).prosody[key]).toBeCloseTo(value, 6);
  });

  it('applies more of the voice profile as similarity_boost rises', () => {
    const profile = { pitch: 1.4, rate: 0.8 };
    expect(mapVoiceSettings({ similarity_boost: 0 }, profile).prosody.pitch).toBeCloseTo(1.2, 6);
    expect(mapVoiceSettings({ similarity_boost: 1 }, profile).prosody.pitch).toBeCloseTo(1.4, 6);
    expect(mapVoiceSettings({ similarity_boost: 1, speed: 1.2 }, profile).prosody.rate).toBeCloseTo(0.96, 6);
  });

  it('turns speaker boost off on request', () => {
    expect(mapVoiceSettings({ use_speaker_boost: false }).speakerBoost).toBe(false);
  });
});
