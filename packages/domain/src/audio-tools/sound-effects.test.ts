import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  chargedSfxSeconds,
  matchSoundPrompt,
  sfxQuotaMessage,
  soundSeconds,
  unservedPromptMessage,
  type SoundPlan,
} from './sound-effects';

const plan = (prompt: string): SoundPlan => {
  const m = matchSoundPrompt(prompt);
  if (!m.ok) throw new Error(`not served: ${prompt}`);
  return m.plan;
};

describe('matchSoundPrompt', () => {
  it('reads the category and its modifiers from the prompt', () => {
    expect(plan('Heavy rain on a tin roof')).toMatchObject({
      categories: ['rain'],
      matched: ['rain'],
      modifiers: { intensity: 0.95, pitch: 0, tempo: 0 },
    });
    expect(plan('light drizzle').modifiers.intensity).toBe(0.3);
    expect(plan('Low deep engine rumble').categories).toEqual(['engine']);
    expect(plan('Low deep engine rumble').modifiers.pitch).toBe(-1);
    expect(plan('Racing heartbeat').modifiers.tempo).toBe(1);
    expect(plan('Fast running footsteps on gravel').categories).toEqual(['footsteps']);
  });

  it('reads a frequency as a tone, in Hz or kHz', () => {
    expect(plan('a 440 Hz test signal')).toMatchObject({
      categories: ['tone'],
      modifiers: { frequencyHz: 440 },
    });
    expect(plan('2kHz beep').modifiers.frequencyHz).toBe(2000);
    expect(plan('beep').modifiers.frequencyHz).toBeUndefined();
  });

  it('layers several named categories in prompt order, and a thunderstorm brings rain', () => {
    expect(plan('wind and rain at night').categories).toEqual(['wind', 'rain']);
    expect(plan('a thunderstorm').categories).toEqual(['thunder', 'rain']);
  });

  it('keeps variants the generators honour', () => {
    expect(plan('UI error sound').modifiers.variants).toEqual(['error']);
    expect(plan('police siren').modifiers.variants).toEqual(['siren', 'police']);
    expect(plan('brown noise for sleep').categories).toEqual(['noise']);
  });

  it('refuses prompts naming a sound it cannot make, even with a category word in them', () => {
    expect(matchSoundPrompt('dog barking in the rain')).toEqual({
      ok: false,
      reason: 'unserved',
      sources: ['dog'],
    });
    expect(matchSoundPrompt('Spacious braam for a movie trailer')).toEqual({ ok: false, reason: 'unknown' });
    const msg = unservedPromptMessage({ ok: false, reason: 'unserved', sources: ['dog'] });
    expect(msg).toContain('cannot make "dog"');
    for (const c of CATEGORIES) expect(msg).toContain(c.name.toLowerCase());
  });

  it('serves every example the explore pages show with its own category', () => {
    for (const c of CATEGORIES) for (const e of c.examples) expect(plan(e).categories[0], e).toBe(c.id);
  });
});

describe('durations and charges', () => {
  it('uses the requested duration or the category default', () => {
    expect(soundSeconds(plan('whoosh'), undefined)).toBe(1.5);
    expect(soundSeconds(plan('whoosh'), 3.2)).toBe(3.2);
  });
  it('charges by the started tenth of a second', () => {
    expect(chargedSfxSeconds(2)).toBe(2);
    expect(chargedSfxSeconds(2.01)).toBe(2.1);
    expect(sfxQuotaMessage(1.25, 5)).toBe(
      'This sound effect needs 5 seconds, but your plan has only 1.2 seconds of sound effects left this month.',
    );
  });
});
