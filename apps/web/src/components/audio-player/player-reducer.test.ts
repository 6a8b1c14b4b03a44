import { describe, expect, it } from 'vitest';

import { computePeaks } from './peaks';
import {
  formatTime,
  initialPlayerState,
  playerReducer,
  seekTarget,
  type PlayerAction,
  type PlayerState,
} from './player-reducer';

const run = (actions: PlayerAction[], from: PlayerState = initialPlayerState) =>
  actions.reduce(playerReducer, from);

describe('playerReducer', () => {
  it('goes idle → loading (stream) → ready → playing → paused → playing → ended', () => {
    let s = playerReducer(initialPlayerState, { type: 'load', mode: 'stream' });
    expect([s.status, s.mode]).toEqual(['loading', 'stream']);
    s = playerReducer(s, { type: 'ready', duration: Infinity });
    expect([s.status, s.duration]).toEqual(['ready', null]);
    s = run([{ type: 'playing' }], s);
    expect(s.status).toBe('playing');
    s = run([{ type: 'paused' }], s);
    expect(s.status).toBe('paused');
    s = run([{ type: 'playing' }, { type: 'duration', duration: 7.5 }, { type: 'ended' }], s);
    expect([s.status, s.duration, s.currentTime]).toEqual(['ended', 7.5, 7.5]);
  });

  it('enters loading in source mode and becomes ready on metadata with its duration', () => {
    const s = run([
      { type: 'load', mode: 'source' },
      { type: 'ready', duration: 12 },
    ]);
    expect(s).toMatchObject({ status: 'ready', mode: 'source', duration: 12 });
  });

  it('treats playing during loading as ready-and-playing (a stream can start before can-play)', () => {
    expect(run([{ type: 'load', mode: 'stream' }, { type: 'playing' }]).status).toBe('playing');
  });

  it('ignores events that do not apply: play/pause/end while idle, pause while not playing', () => {
    expect(run([{ type: 'playing' }])).toBe(initialPlayerState);
    expect(run([{ type: 'ended' }])).toBe(initialPlayerState);
    expect(run([{ type: 'time', currentTime: 5 }])).toBe(initialPlayerState);
    const ready = run([
      { type: 'load', mode: 'source' },
      { type: 'ready', duration: 4 },
    ]);
    expect(playerReducer(ready, { type: 'paused' })).toBe(ready);
  });

  it('shows feedback only after playback passes 3 s, and keeps it shown after seeking back', () => {
    let s = run([{ type: 'load', mode: 'source' }, { type: 'ready', duration: 10 }, { type: 'playing' }]);
    s = playerReducer(s, { type: 'time', currentTime: 2.99 });
    expect(s.feedbackVisible).toBe(false);
    s = playerReducer(s, { type: 'time', currentTime: 3 });
    expect(s.feedbackVisible).toBe(true);
    s = playerReducer(s, { type: 'time', currentTime: 0 });
    expect(s.feedbackVisible).toBe(true);
  });

  it('shows feedback at the end of a clip shorter than 3 s', () => {
    const s = run([
      { type: 'load', mode: 'source' },
      { type: 'ready', duration: 1.2 },
      { type: 'playing' },
      { type: 'ended' },
    ]);
    expect(s.feedbackVisible).toBe(true);
  });

  it('accepts only the speeds 0.8, 1, 1.2, 1.5 and 2, and keeps the speed across loads', () => {
    let s = playerReducer(initialPlayerState, { type: 'rate', rate: 1.5 });
    expect(s.rate).toBe(1.5);
    expect(playerReducer(s, { type: 'rate', rate: 3 }).rate).toBe(1.5);
    s = playerReducer(s, { type: 'load', mode: 'source' });
    expect(s.rate).toBe(1.5);
  });

  it('starts over on a new load: time, duration and feedback cleared, shown again', () => {
    const s = run([
      { type: 'load', mode: 'source' },
      { type: 'ready', duration: 9 },
      { type: 'playing' },
      { type: 'time', currentTime: 4 },
      { type: 'visible', visible: false },
      { type: 'load', mode: 'stream' },
    ]);
    expect(s).toMatchObject({
      status: 'loading',
      currentTime: 0,
      duration: null,
      feedbackVisible: false,
      visible: true,
    });
  });

  it('reports errors and recovers with a new load', () => {
    const s = run([
      { type: 'load', mode: 'stream' },
      { type: 'error', message: 'boom' },
    ]);
    expect([s.status, s.error]).toEqual(['error', 'boom']);
    expect(playerReducer(s, { type: 'playing' }).status).toBe('error');
    expect(playerReducer(s, { type: 'load', mode: 'source' }).error).toBeNull();
  });
});

describe('seekTarget', () => {
  it.each([
    [5, -10, 20, 0],
    [5, 10, 20, 15],
    [15, 10, 20, 20],
    [4, 3, null, 7],
    [2, -3, null, 0],
  ])('from %s by %s within %s lands at %s', (from, delta, duration, want) => {
    expect(seekTarget(from, delta, duration)).toBe(want);
  });
});

describe('formatTime', () => {
  it.each([
    [0, '0:00'],
    [9.9, '0:09'],
    [75, '1:15'],
    [3725, '1:02:05'],
    [null, '--:--'],
    [Infinity, '--:--'],
  ])('%s → %s', (seconds, text) => expect(formatTime(seconds)).toBe(text));
});

describe('computePeaks', () => {
  it('takes the loudest absolute sample per slice, normalised to 1', () => {
    expect(computePeaks(new Float32Array([0.1, -0.5, 0.25, 0.2]), 2)).toEqual([1, 0.5]);
    expect(computePeaks(new Float32Array([0, 0]), 2)).toEqual([0, 0]);
    expect(computePeaks(new Float32Array([]), 4)).toEqual([]);
  });
});
