import { describe, expect, it } from 'vitest';
import { PREMADE_VOICES } from './voice-catalogue';
import { describeForEngines, RHVOICE_MISSING_NOTE } from './voice-builders';

const KAL = 'cZu6SI8gppUv1kFPCYh3';
const kal = (rhvoice: boolean) => describeForEngines(PREMADE_VOICES, rhvoice).find((v) => v.voiceId === KAL)!;

describe('describeForEngines', () => {
  it('describes the default voice by the engine it speaks on: not "robotic" once it speaks on RHVoice', () => {
    expect(kal(true).labels.descriptive).toBe('clear');
    expect(kal(true).description).toMatch(
      /^An American male voice with an even, steady delivery\. Built on RHVoice's bdl voice/,
    );
    expect(kal(true).description).not.toMatch(/mechanical|robotic/);
  });

  it('keeps the Flite character, and says RHVoice is missing, where it is not installed', () => {
    expect(kal(false).labels.descriptive).toBe('robotic');
    expect(kal(false).description).toContain('mechanical');
    expect(kal(false).description).toContain(RHVOICE_MISSING_NOTE);
  });

  it('changes nothing but the description for voices whose character holds on both engines', () => {
    for (const rhvoice of [true, false]) {
      for (const [i, v] of describeForEngines(PREMADE_VOICES, rhvoice).entries()) {
        if (v.voiceId === KAL) continue;
        expect({ ...v, description: '' }).toEqual({ ...PREMADE_VOICES[i], description: '' });
      }
    }
  });
});
