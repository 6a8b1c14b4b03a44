import { describe, expect, it } from 'vitest';
import { mediaTypeOf, transcriptionQuotaMessage, transcriptionSecondsLimit } from './speech-to-text-rules';

describe('speech to text rules', () => {
  it('accepts the spec audio and video types by extension or MIME type', () => {
    expect(mediaTypeOf('talk.MP3', undefined)).toBe('mp3');
    expect(mediaTypeOf('clip.mov', 'application/octet-stream')).toBe('mov');
    expect(mediaTypeOf('take.3gp', undefined)).toBe('3gpp');
    expect(mediaTypeOf('blob', 'audio/webm;codecs=opus')).toBe('webm');
    expect(mediaTypeOf('notes.txt', 'text/plain')).toBeNull();
    expect(mediaTypeOf(undefined, 'image/png')).toBeNull();
  });

  it('meters the plan audio minutes of billing.md §9 as seconds (Free 10, Pro 600, Enterprise unlimited)', () => {
    expect(transcriptionSecondsLimit('free')).toBe(600);
    expect(transcriptionSecondsLimit('starter')).toBe(1800);
    expect(transcriptionSecondsLimit('pro')).toBe(36_000);
    expect(transcriptionSecondsLimit('enterprise')).toBe(-1);
    expect(transcriptionQuotaMessage(12.7, 30.2)).toBe(
      'This file has 31 seconds of audio, but your plan has only 12 seconds of transcription left this month.',
    );
  });
});
