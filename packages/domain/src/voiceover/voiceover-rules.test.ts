import { describe, expect, it } from 'vitest';
import { clipSpan, clipTimingProblem, mixTimeline } from './voiceover-rules';

const timing = { start: 1, trimStart: 0.5, trimEnd: 2, audioSeconds: 3 };

describe('clip timing', () => {
  it('keeps a clip inside its audio and the video', () => {
    expect(clipTimingProblem(timing, 10)).toBeNull();
    expect(clipTimingProblem({ ...timing, start: 10 }, 10)).toBe(
      'start_time must be before the end of the video (10 s).',
    );
    expect(clipTimingProblem({ ...timing, start: -1 }, 10)).toBe('start_time must be 0 or more.');
    expect(clipTimingProblem({ ...timing, trimEnd: 3.5 }, 10)).toBe(
      "trim_end must be at most the clip's length (3 s).",
    );
    expect(clipTimingProblem({ ...timing, trimStart: 1.99 }, 10)).toBe(
      'trim_end must be at least 0.05 s after trim_start.',
    );
    expect(clipTimingProblem({ ...timing, trimStart: -0.1 }, 10)).toBe('trim_start must be 0 or more.');
  });

  it('plays the trimmed part from its start', () => {
    expect(clipSpan(timing)).toEqual({ start: 1, end: 2.5 });
  });
});

describe('mixTimeline', () => {
  const ramp = Int16Array.from({ length: 10 }, (_, i) => (i + 1) * 100);

  it('adds the played part of each clip at its start, with its gain, over the base', () => {
    const out = mixTimeline({
      rate: 10,
      seconds: 2,
      base: new Int16Array(20).fill(10),
      baseGain: 0.5,
      clips: [{ pcm: ramp, start: 0.5, trimStart: 0.2, trimEnd: 0.5, gain: 2 }],
    });
    expect(out.length).toBe(20);
    expect(Array.from(out.slice(4, 9))).toEqual([5, 605, 805, 1005, 5]);
  });

  it('cuts what runs past the end and clips the sum to 16 bits', () => {
    const loud = new Int16Array(10).fill(30000);
    const out = mixTimeline({
      rate: 10,
      seconds: 1,
      base: new Int16Array(10).fill(30000),
      baseGain: 1,
      clips: [{ pcm: loud, start: 0.8, trimStart: 0, trimEnd: 1, gain: 1 }],
    });
    expect(out.length).toBe(10);
    expect(out[7]).toBe(30000);
    expect(out[8]).toBe(32767);
    expect(out[9]).toBe(32767);
  });

  it('leaves out muted clips and a silenced base', () => {
    const out = mixTimeline({
      rate: 10,
      seconds: 1,
      base: new Int16Array(10).fill(500),
      baseGain: 0,
      clips: [{ pcm: ramp, start: 0, trimStart: 0, trimEnd: 1, gain: 0 }],
    });
    expect(Array.from(out)).toEqual(new Array(10).fill(0));
  });
});
