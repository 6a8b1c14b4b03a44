import { describe, expect, it } from 'vitest';
import { segmentWords, timestamp, toSegmentedJson, toSrt, toTxt, toVtt } from './transcript-formats';

const words = [
  { text: 'Hello', start: 0.1, end: 0.5, speaker_id: 'speaker_0' },
  { text: 'there.', start: 0.55, end: 0.9, speaker_id: 'speaker_0' },
  { text: 'General', start: 2.0, end: 2.4, speaker_id: 'speaker_1' },
  { text: 'Kenobi.', start: 2.45, end: 3.0, speaker_id: 'speaker_1' },
];

describe('transcript formats', () => {
  it('splits segments at a long pause and at a change of speaker', () => {
    const s = segmentWords(words);
    expect(s.map((x) => [x.text, x.start, x.end, x.speaker_id])).toEqual([
      ['Hello there.', 0.1, 0.9, 'speaker_0'],
      ['General Kenobi.', 2.0, 3.0, 'speaker_1'],
    ]);
    const one = words.map((w) => ({ ...w, speaker_id: null }));
    expect(segmentWords(one, { segmentOnSilenceLongerThanS: 5 })).toHaveLength(1);
    expect(segmentWords(one, { segmentOnSilenceLongerThanS: 5, maxSegmentChars: 15 })).toHaveLength(2);
    expect(segmentWords(one, { segmentOnSilenceLongerThanS: 5, maxSegmentDurationS: 1 })).toHaveLength(2);
  });

  it('writes SubRip and WebVTT timestamps', () => {
    expect(timestamp(3723.4567, ',')).toBe('01:02:03,457');
    expect(timestamp(0.05, '.')).toBe('00:00:00.050');
    const s = segmentWords(words);
    expect(toSrt(s)).toBe(
      '1\n00:00:00,100 --> 00:00:00,900\nHello there.\n\n2\n00:00:02,000 --> 00:00:03,000\nGeneral Kenobi.\n',
    );
    expect(toSrt(s, true)).toContain('[speaker_1] General Kenobi.');
    expect(toVtt(s)).toBe(
      'WEBVTT\n\n00:00:00.100 --> 00:00:00.900\n<v speaker_0>Hello there.\n\n00:00:02.000 --> 00:00:03.000\n<v speaker_1>General Kenobi.\n',
    );
  });

  it('writes text and segmented JSON', () => {
    const s = segmentWords(words);
    expect(toTxt(s)).toBe('Hello there.\nGeneral Kenobi.\n');
    expect(toTxt(s, { includeSpeakers: true, includeTimestamps: true })).toBe(
      '[00:00:00.100 - 00:00:00.900] [speaker_0] Hello there.\n[00:00:02.000 - 00:00:03.000] [speaker_1] General Kenobi.\n',
    );
    const json = JSON.parse(toSegmentedJson(s)) as {
      segments: { text: string; speaker: string; words: unknown[] }[];
    };
    expect(json.segments[1]).toMatchObject({
      text: 'General Kenobi.',
      start_time: 2,
      end_time: 3,
      speaker: 'speaker_1',
    });
    expect(json.segments[0]!.words).toHaveLength(2);
  });
});
