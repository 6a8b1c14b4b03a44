import { describe, expect, it } from 'vitest';

import { labelRows, labelsObject, recordingFile, voiceFormProblems } from './voice-form';

const wav = (name = 'me.wav', size = 1000) => ({ name, type: 'audio/wav', size });

describe('voiceFormProblems', () => {
  it('accepts a named voice with one accepted sample', () => {
    expect(voiceFormProblems({ name: 'Narrator', labels: [], files: [wav()], mode: 'add' })).toEqual([]);
  });

  it('asks for a name and a sample when adding', () => {
    expect(voiceFormProblems({ name: '  ', labels: [], files: [], mode: 'add' })).toEqual([
      'Give the voice a name.',
      'Add at least one audio sample: upload a file or record one.',
    ]);
  });

  it('lets an edit send no files', () => {
    expect(voiceFormProblems({ name: 'A', labels: [], files: [], mode: 'edit', existingSamples: 3 })).toEqual(
      [],
    );
  });

  it("refuses the server's way: unsupported types, files over 10 MB, more than 25 samples", () => {
    const problems = voiceFormProblems({
      name: 'A',
      labels: [],
      files: [
        { name: 'notes.txt', type: 'text/plain', size: 10 },
        wav('big.wav', 10 * 1024 * 1024 + 1),
        ...Array.from({ length: 4 }, (_, i) => wav(`s${i}.wav`)),
      ],
      existingSamples: 20,
      mode: 'edit',
    });
    expect(problems).toEqual([
      'A voice can have at most 25 samples; this would give it 26.',
      'notes.txt is not a supported audio file. Accepted types: aac, aiff, ogg, mp3, opus, wav, webm, flac, mp4, m4a.',
      'big.wav is larger than the 10 MB a sample may be.',
    ]);
  });

  it('accepts a browser recording sent without an extension by its MIME type', () => {
    expect(
      voiceFormProblems({
        name: 'A',
        labels: [],
        files: [{ name: 'blob', type: 'audio/webm;codecs=opus', size: 5 }],
        mode: 'add',
      }),
    ).toEqual([]);
  });

  it('checks the name length and the labels', () => {
    expect(
      voiceFormProblems({
        name: 'x'.repeat(101),
        labels: [
          { key: 'accent', value: 'british' },
          { key: 'accent', value: 'irish' },
          { key: '', value: 'orphan' },
        ],
        files: [wav()],
        mode: 'add',
      }),
    ).toEqual([
      'The name may be at most 100 characters.',
      'Every label needs a name.',
      'Each label name may be used once.',
    ]);
  });
});

describe('labels', () => {
  it('sends named rows trimmed and drops empty ones', () => {
    expect(
      labelsObject([
        { key: ' accent ', value: ' british ' },
        { key: '', value: '' },
      ]),
    ).toEqual({ accent: 'british' });
    expect(labelRows({ age: 'young' })).toEqual([{ key: 'age', value: 'young' }]);
  });
});

describe('recordingFile', () => {
  it('names a recording by its container and time', () => {
    const f = recordingFile(
      new Blob(['x'], { type: 'audio/webm;codecs=opus' }),
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(f.name).toBe('recording-2026-01-02-03-04-05.webm');
    expect(f.type).toBe('audio/webm');
    expect(recordingFile(new Blob(['x'], { type: 'audio/mp4' }), new Date(0)).name).toMatch(/\.m4a$/);
  });
});
