import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeBaseline, storedBaseline } from './baseline-store';
import type { VoiceMeasure } from './measure';

const measure: VoiceMeasure = {
  pitchHz: 120,
  pitchLowHz: 95,
  pitchHighHz: 160,
  pitchRangeSemitones: 9,
  syllablesPerSecond: 4.2,
  syllables: 50,
  speechSeconds: 11.9,
  totalSeconds: 12.4,
  brightnessDb: -12,
  loudnessDbfs: -20,
  voicedShare: 0.7,
};

describe('base-voice measures shared through a file', () => {
  const saved = process.env.VOCALIS_VOICE_BASELINES;
  let dir: string | undefined;
  afterEach(() => {
    if (saved === undefined) delete process.env.VOCALIS_VOICE_BASELINES;
    else process.env.VOCALIS_VOICE_BASELINES = saved;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps each stored measure under its key, beside the others', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'baselines-'));
    process.env.VOCALIS_VOICE_BASELINES = path.join(dir, 'b.json');
    expect(storedBaseline('flite:slt:')).toBeUndefined();
    storeBaseline('flite:slt:', measure);
    storeBaseline('flite:kal16:', { ...measure, pitchHz: 100 });
    expect(storedBaseline('flite:slt:')).toEqual(measure);
    expect(storedBaseline('flite:kal16:')?.pitchHz).toBe(100);
  });

  it('neither reads nor writes without the variable', () => {
    delete process.env.VOCALIS_VOICE_BASELINES;
    storeBaseline('flite:slt:', measure);
    expect(storedBaseline('flite:slt:')).toBeUndefined();
  });
});
