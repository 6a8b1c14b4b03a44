import type { VoiceoverClipDto } from '@vocalis/contracts/voiceover';
import { describe, expect, it } from 'vitest';

import { dragged } from './timeline-drag';

const clip: VoiceoverClipDto = {
  clip_id: 'c',
  kind: 'tts',
  text: 'Hi',
  voice_id: 'v',
  audio_seconds: 2,
  start_time: 1,
  trim_start: 0.5,
  trim_end: 1.5,
  volume: 1,
  charged: 2,
  stale: false,
};
const drag = (mode: 'move' | 'in' | 'out') => ({ clipId: 'c', mode, x: 0, clip });

describe('timeline drags', () => {
  it('moves a clip, never before 0 nor past the end of the video', () => {
    expect(dragged(drag('move'), 0.756, 10)).toEqual({ start_time: 1.76 });
    expect(dragged(drag('move'), -5, 10)).toEqual({ start_time: 0 });
    expect(dragged(drag('move'), 20, 10)).toEqual({ start_time: 9.95 });
  });

  it('trims the end inside the audio, keeping at least 0.05 s', () => {
    expect(dragged(drag('out'), -0.3, 10)).toEqual({ trim_end: 1.2 });
    expect(dragged(drag('out'), 3, 10)).toEqual({ trim_end: 2 });
    expect(dragged(drag('out'), -3, 10)).toEqual({ trim_end: 0.55 });
  });

  it('trims the start with the audio staying in place on the timeline', () => {
    expect(dragged(drag('in'), 0.25, 10)).toEqual({ trim_start: 0.75, start_time: 1.25 });
    expect(dragged(drag('in'), -2, 10)).toEqual({ trim_start: 0, start_time: 0.5 });
    expect(dragged(drag('in'), 5, 10)).toEqual({ trim_start: 1.45, start_time: 1.95 });
  });
});
