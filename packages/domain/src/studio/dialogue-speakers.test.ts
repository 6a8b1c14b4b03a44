import { describe, expect, it } from 'vitest';
import { assignSpeakerVoices, attribution, dialogueSegments } from './dialogue-speakers';

const speakerOf = (p: string) => dialogueSegments([p])[0]!.find((s) => s.quote)?.speaker ?? null;

describe('dialogue speakers', () => {
  it.each([
    ['"Come in," said Anna.', 'Anna'],
    ['"Come in," Anna said.', 'Anna'],
    ['“Where is it?” asked Tom.', 'Tom'],
    ['“Where is it?” Tom asked quietly.', 'Tom'],
    ['Anna said, "Come in."', 'Anna'],
    ['Tom whispered: "Not now."', 'Tom'],
    ['Anna said softly, "Come in."', 'Anna'],
    ['"Sit down," said Dr. Watson.', 'Dr. Watson'],
    ['"Good morning," said Mary Jane, smiling.', 'Mary Jane'],
    ['"Come in," he said.', null],
    ['"Come in," she said to Anna.', null],
    ['"Come in."', null],
    ['The sign read "Closed" in red letters.', null],
    ['She waited <break time="2.0s" /> and left.', null],
    ['"Wait <break time="1.0s" /> here," said Anna.', 'Anna'],
  ])('%s → %s', (sentence, speaker) => {
    expect(speakerOf(sentence)).toBe(speaker);
  });

  it('splits a paragraph into narration and quotations', () => {
    expect(dialogueSegments(['"Hello," said Anna, "and welcome."'])[0]).toEqual([
      { text: '"Hello,"', quote: true, speaker: 'Anna' },
      { text: ' said Anna, ', quote: false, speaker: null },
      { text: '"and welcome."', quote: true, speaker: 'Anna' },
    ]);
    expect(dialogueSegments(['No one spoke.'])[0]).toEqual([
      { text: 'No one spoke.', quote: false, speaker: null },
    ]);
  });

  it('does not take the quotes of pause markup for a quotation', () => {
    expect(dialogueSegments(['She waited <break time="2.0s" /> here.'])[0]!.some((x) => x.quote)).toBe(false);
    expect(dialogueSegments(['"Wait <break time="1.0s" /> here," said Anna.'])[0]![0]).toEqual({
      text: '"Wait <break time="1.0s" /> here,"',
      quote: true,
      speaker: 'Anna',
    });
  });

  it('gives unattributed lines of a two-person exchange to the speakers in turn', () => {
    const speakers = dialogueSegments([
      '"Are you coming?" asked Tom.',
      '"In a minute," said Anna.',
      '"We will be late."',
      '"Then go without me."',
      'They left together.',
    ]).map((p) => p.find((s) => s.quote)?.speaker ?? null);
    expect(speakers).toEqual(['Tom', 'Anna', 'Tom', 'Anna', null]);
  });

  it('does not guess a speaker before an exchange has two people', () => {
    expect(dialogueSegments(['"Hello," said Anna.', '"Is anyone there?"']).map((p) => p[0]!.speaker)).toEqual(
      ['Anna', null],
    );
  });

  it('reads names beside speech verbs only', () => {
    expect(attribution('', ' said Anna.')).toBe('Anna');
    expect(attribution('', ' The door opened.')).toBeNull();
    expect(attribution('Then Anna left. ', '')).toBeNull();
  });

  it('gives each speaker a distinct voice other than the narrator’s, reusing voices when there are more speakers', () => {
    expect([...assignSpeakerVoices(['Anna', 'Tom', 'Anna'], ['n', 'v1', 'v2'], 'n')]).toEqual([
      ['Anna', 'v1'],
      ['Tom', 'v2'],
    ]);
    expect([...assignSpeakerVoices(['A', 'B', 'C'], ['n', 'v1', 'v2'], 'n')].map(([, v]) => v)).toEqual([
      'v1',
      'v2',
      'v1',
    ]);
    expect([...assignSpeakerVoices(['A'], ['n'], 'n')]).toEqual([['A', 'n']]);
  });
});
