import { describe, expect, it } from 'vitest';
import { classifierUploadRefusal, classifierVerdict, MAX_CLASSIFIER_BYTES } from './ai-classifier';

describe('classifierVerdict', () => {
  it.each([
    [true, 0.5, 'generated_here'],
    [true, 30, 'generated_here'],
    [false, 0.4, 'too_little_audio'],
    [false, 1, 'not_detected'],
    [false, 12, 'not_detected'],
  ] as const)('marked=%s over %d s of sound → %s', (marked, seconds, verdict) => {
    expect(classifierVerdict(marked, seconds)).toBe(verdict);
  });
});

describe('classifierUploadRefusal', () => {
  const file = { filename: 'clip.mp3', mimetype: 'audio/mpeg', size: 1000, truncated: false };
  it('accepts an audio file of an accepted type and size', () => {
    expect(classifierUploadRefusal(file)).toBeNull();
  });
  it.each([
    [undefined, 400, 'missing_file'],
    [{ ...file, filename: 'notes.txt', mimetype: 'text/plain' }, 400, 'unsupported_audio_type'],
    [{ ...file, size: MAX_CLASSIFIER_BYTES + 1 }, 413, 'file_too_large'],
    [{ ...file, truncated: true }, 413, 'file_too_large'],
  ])('refuses %j with %d %s', (f, status, code) => {
    expect(classifierUploadRefusal(f)).toMatchObject({ status, code });
  });
});
