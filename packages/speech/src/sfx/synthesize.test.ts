import { matchSoundPrompt, type SoundPlan } from '@vocalis/domain/audio-tools/sound-effects';
import { describe, expect, it } from 'vitest';
import {
  centroidHz,
  envelope,
  envelopePeriod,
  flatness,
  peakHz,
  seamRatio,
  transientRate,
} from './sound-measures';
import { SFX_RATE, synthesizeSound } from './synthesize';

const plan = (prompt: string): SoundPlan => {
  const m = matchSoundPrompt(prompt);
  if (!m.ok) throw new Error(prompt);
  return m.plan;
};
const make = (prompt: string, seconds: number, loop = false, seed = 1) =>
  synthesizeSound({ plan: plan(prompt), seconds, loop, promptInfluence: 1, seed });

describe('sound synthesis: each category sounds like what it says', () => {
  it('rain is broadband with many transients (white noise is as broadband, without them)', () => {
    for (const prompt of ['heavy rain', 'light drizzle']) {
      const rain = make(prompt, 4);
      expect(flatness(rain, SFX_RATE)).toBeGreaterThan(0.5);
      expect(transientRate(rain, SFX_RATE)).toBeGreaterThan(15);
    }
    expect(transientRate(make('white noise', 4), SFX_RATE)).toBeLessThan(2);
    // A steady tone is neither.
    const beep = make('1000 Hz beep', 2);
    expect(flatness(beep, SFX_RATE)).toBeLessThan(0.01);
    expect(transientRate(beep, SFX_RATE)).toBeLessThan(2);
  });

  it('a tone has the pitch the prompt names, and low/high move a tone without a number', () => {
    expect(peakHz(make('a 440 Hz tone', 1), SFX_RATE)).toBeCloseTo(440, -1);
    expect(peakHz(make('3 kHz beep', 1), SFX_RATE)).toBeCloseTo(3000, -1);
    expect(peakHz(make('low tone', 1), SFX_RATE)).toBeLessThan(peakHz(make('high tone', 1), SFX_RATE));
  });

  it('an engine hums at a low firing tone; a deep one lower', () => {
    const idle = peakHz(make('car engine idling', 3), SFX_RATE, 25);
    expect(idle).toBeGreaterThan(35);
    expect(idle).toBeLessThan(70);
    expect(peakHz(make('deep engine', 3), SFX_RATE, 20)).toBeLessThan(idle);
  });

  it('a heartbeat repeats at its pace; footsteps at walking and running pace', () => {
    expect(envelopePeriod(make('slow heartbeat', 8), SFX_RATE, 0.5, 1.5)).toBeCloseTo(60 / 55, 1);
    expect(envelopePeriod(make('racing heartbeat', 6), SFX_RATE, 0.3, 1)).toBeCloseTo(0.5, 1);
    expect(envelopePeriod(make('footsteps walking', 6), SFX_RATE, 0.4, 0.9)).toBeCloseTo(0.55, 1);
    expect(envelopePeriod(make('fast running footsteps', 6), SFX_RATE, 0.2, 0.5)).toBeCloseTo(0.32, 1);
  });

  it('a ticking clock ticks twice a second; a siren wails in pitch', () => {
    expect(envelopePeriod(make('ticking clock', 6), SFX_RATE, 0.3, 0.8)).toBeCloseTo(0.5, 1);
    const siren = make('police siren', 6);
    const first = peakHz(siren.subarray(0, SFX_RATE * 0.3), SFX_RATE, 300);
    const later = peakHz(
      siren.subarray(Math.round(SFX_RATE * 0.6), Math.round(SFX_RATE * 0.9)),
      SFX_RATE,
      300,
    );
    expect(Math.abs(first - later)).toBeGreaterThan(150);
  });

  it('a whoosh swells in the middle and sweeps up; thunder and brown noise are low, white noise flat', () => {
    const w = make('whoosh', 2);
    const env = envelope(w, SFX_RATE, 50);
    const mid = env[Math.floor(env.length / 2)]!;
    expect(mid).toBeGreaterThan(3 * env[0]!);
    expect(mid).toBeGreaterThan(3 * env[env.length - 1]!);
    const q = Math.round(SFX_RATE * 0.5);
    expect(centroidHz(w.subarray(q, 2 * q), SFX_RATE)).toBeGreaterThan(
      centroidHz(w.subarray(0, q), SFX_RATE),
    );
    expect(centroidHz(make('distant thunder', 6), SFX_RATE)).toBeLessThan(600);
    expect(centroidHz(make('brown noise', 3), SFX_RATE)).toBeLessThan(
      centroidHz(make('white noise', 3), SFX_RATE) / 4,
    );
    expect(flatness(make('white noise', 3), SFX_RATE)).toBeGreaterThan(0.5);
  });

  it('ocean waves swell every few seconds; fire crackles over a low roar', () => {
    const waves = make('ocean waves', 20);
    expect(envelopePeriod(waves, SFX_RATE, 3, 9)).toBeGreaterThan(4);
    const fire = make('crackling campfire', 5);
    expect(transientRate(fire, SFX_RATE)).toBeGreaterThan(5);
    expect(centroidHz(fire, SFX_RATE)).toBeLessThan(centroidHz(make('heavy rain', 5), SFX_RATE));
  });

  it('an interface chime rises and an error sound is lower', () => {
    expect(peakHz(make('error sound', 1), SFX_RATE, 100)).toBeLessThan(
      peakHz(make('notification chime', 1), SFX_RATE, 100),
    );
  });
});

describe('duration and looping', () => {
  it('makes exactly the requested number of samples', () => {
    for (const s of [0.5, 1.25, 7.3]) {
      expect(make('rain', s).length).toBe(Math.round(s * SFX_RATE));
      expect(make('wind', s, true).length).toBe(Math.round(s * SFX_RATE));
    }
  });

  it('a loop wraps around without a discontinuity, where a plain cut jumps', () => {
    for (const prompt of ['heavy rain', 'howling wind', 'car engine idling', '440 Hz tone', 'brown noise']) {
      for (const seed of [1, 2, 3]) {
        const loop = make(prompt, 2.37, true, seed);
        expect(seamRatio(loop), `${prompt} seed ${seed}`).toBeLessThan(6);
        // Level is the same on both sides of the seam.
        const a = envelope(loop.subarray(loop.length - 4410), SFX_RATE, 100)[0]!;
        const b = envelope(loop.subarray(0, 4410), SFX_RATE, 100)[0]!;
        expect(Math.abs(Math.log(a / b))).toBeLessThan(Math.log(2));
      }
    }
    // The measure sees a cut: a 440 Hz tone cut mid-cycle.
    const cut = new Int16Array(Math.round(SFX_RATE * 1.0013));
    for (let i = 0; i < cut.length; i++)
      cut[i] = Math.round(20000 * Math.sin((2 * Math.PI * 440 * i) / SFX_RATE));
    expect(seamRatio(cut)).toBeGreaterThan(6);
  }, 30_000);

  it('the same seed and prompt influence give the same sound', () => {
    const a = synthesizeSound({ plan: plan('rain'), seconds: 1, loop: false, promptInfluence: 1, seed: 5 });
    const b = synthesizeSound({ plan: plan('rain'), seconds: 1, loop: false, promptInfluence: 1, seed: 5 });
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
  });
});
