import type { TranscriptResponse } from '@vocalis/contracts/speech-to-text';
import { describe, expect, it } from 'vitest';

import { exportTranscript, spokenWords, wordAt } from './transcript-exports';

const t: TranscriptResponse = {
  language_code: 'eng',
  language_probability: 1,
  text: 'Hello there',
  transcription_id: 't1',
  audio_duration_secs: 2,
  words: [
    { text: 'Hello', start: 0.1, end: 0.5, type: 'word', logprob: -0.1, speaker_id: 'speaker_0' },
    { text: ' ', start: 0.5, end: 0.6, type: 'spacing', logprob: 0, speaker_id: 'speaker_0' },
    { text: 'there', start: 0.6, end: 1.0, type: 'word', logprob: -0.2, speaker_id: 'speaker_0' },
  ],
};

describe('transcript exports', () => {
  it('writes txt, srt and vtt from the spoken words, with speakers', () => {
    expect(spokenWords(t).map((w) => w.text)).toEqual(['Hello', 'there']);
    expect(exportTranscript(t, 'txt').text).toBe('[speaker_0] Hello there\n');
    expect(exportTranscript(t, 'srt').text).toBe(
      '1\n00:00:00,100 --> 00:00:01,000\n[speaker_0] Hello there\n',
    );
    expect(exportTranscript(t, 'vtt').text).toContain(
      '00:00:00.100 --> 00:00:01.000\n<v speaker_0>Hello there',
    );
    expect(JSON.parse(exportTranscript(t, 'json').text).transcription_id).toBe('t1');
  });

  it('finds the word being spoken', () => {
    const words = spokenWords(t);
    expect([wordAt(words, 0), wordAt(words, 0.2), wordAt(words, 0.55), wordAt(words, 0.7)]).toEqual([
      -1, 0, 0, 1,
    ]);
  });
});
