import { describe, expect, it } from 'vitest';
import { DUBBING_LANGUAGES, DUBBING_SOURCE_OPTIONS, dubbingLanguage } from './dubbing-languages';
import { dubbingCharacters, dubbingRange, fitTempo, MAX_TEMPO, MIN_TEMPO } from './dubbing-rules';
import { cueTime, toSrt, toWebVtt } from './subtitles';

describe('dubbing languages', () => {
  it('has the spec 29 languages and auto (Detect) first among the source options', () => {
    expect(DUBBING_LANGUAGES).toHaveLength(29);
    expect(DUBBING_SOURCE_OPTIONS[0]).toEqual({ key: 'auto', name: 'Detect' });
    expect(DUBBING_SOURCE_OPTIONS).toHaveLength(30);
  });
  it.each([
    ['es', 'es'],
    ['spa', 'es'],
    ['es-MX', 'es'],
    ['ENG', 'en'],
    ['tgl', 'fil'],
    ['ca', null],
    ['vi', null],
    ['xx', null],
  ])('reads %s as %s', (input, code) => expect(dubbingLanguage(input)).toBe(code));
});

describe('dubbing price', () => {
  it.each([
    [60, 1, 3000],
    [1, 1, 50],
    [0.2, 1, 50],
    [90, 2, 9000],
    [61.5, 1, 3100],
  ])('%s s into %s language(s) costs %s', (s, n, chars) => expect(dubbingCharacters(s, n)).toBe(chars));
});

describe('dubbing range', () => {
  it('covers the whole media by default and clips the end', () => {
    expect(dubbingRange(10)).toEqual({ start: 0, end: 10 });
    expect(dubbingRange(10, 2, 50)).toEqual({ start: 2, end: 10 });
  });
  it.each([
    [10, 12, undefined, /at or after the end/],
    [10, 5, 5, /after start_time/],
    [10, -1, undefined, /negative/],
  ])('refuses %s s from %s to %s', (d, s, e, msg) =>
    expect((dubbingRange(d, s, e) as { error: string }).error).toMatch(msg),
  );
});

describe('fitting a translation into its slot', () => {
  it('speeds up what is too long, up to the natural bound', () => {
    expect(fitTempo(3, 2.5)).toBeCloseTo(1.2);
    expect(fitTempo(6, 2)).toBe(MAX_TEMPO);
  });
  it('slows down what is short, only a little', () => {
    expect(fitTempo(1.9, 2)).toBeCloseTo(0.95);
    expect(fitTempo(1, 2)).toBe(MIN_TEMPO);
  });
});

describe('subtitles', () => {
  const cues = [
    { start: 0.5, end: 2.25, text: 'Hola  amigo', speaker: 'speaker_0' },
    { start: 3661.001, end: 3662, text: 'a < b & c' },
    { start: 5, end: 6, text: '  ' },
  ];
  it('writes SRT', () => {
    expect(toSrt(cues)).toBe(
      '1\n00:00:00,500 --> 00:00:02,250\nHola amigo\n\n2\n01:01:01,001 --> 01:01:02,000\na < b & c\n',
    );
  });
  it('writes WebVTT with speakers and escapes', () => {
    expect(toWebVtt(cues)).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.250\n<v speaker_0>Hola amigo\n\n01:01:01.001 --> 01:01:02.000\na &lt; b &amp; c\n',
    );
  });
  it('formats times', () => expect(cueTime(59.9996, '.')).toBe('00:01:00.000'));
});

describe('manual dubbing CSV', () => {
  it('reads seconds, timecodes, frames and quoted fields', async () => {
    const { parseDubbingCsv } = await import('./dubbing-csv');
    const csv =
      'speaker,start_time,end_time,transcription,translation\r\n' +
      'Ana,00:00:01,500,00:00:03.000,"Hello, friend","Hola, ""amigo"""\r\n'.replace('01,500', '01.500') +
      'Ben,4,5.5,Bye,Adiós\n' +
      'Ben,00:00:06:12,00:00:07:00,x,y\n';
    expect(parseDubbingCsv(csv, 24)).toEqual({
      segments: [
        { speaker: 'Ana', start: 1.5, end: 3, transcription: 'Hello, friend', translation: 'Hola, "amigo"' },
        { speaker: 'Ben', start: 4, end: 5.5, transcription: 'Bye', translation: 'Adiós' },
        { speaker: 'Ben', start: 6.5, end: 7, transcription: 'x', translation: 'y' },
      ],
    });
  });
  it.each([
    ['a,b\n1,2', /header row/],
    ['speaker,start_time,end_time,transcription,translation\nA,3,2,x,y', /row 2/],
    ['speaker,start_time,end_time,transcription,translation\n', /no segments/],
  ])('refuses %j', async (csv, msg) => {
    const { parseDubbingCsv } = await import('./dubbing-csv');
    expect((parseDubbingCsv(csv) as { error: string }).error).toMatch(msg);
  });
});
