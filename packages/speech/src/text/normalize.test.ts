import { describe, expect, it } from 'vitest';
import { normalizeText, toOriginalSpan } from './normalize';

const cases: [string, string][] = [
  ['I have 3 cats.', 'I have three cats.'],
  [
    'It costs 1,234,567 units.',
    'It costs one million two hundred thirty-four thousand five hundred sixty-seven units.',
  ],
  ['7000000000 people', 'seven billion people'],
  ['Pi is 3.14.', 'Pi is three point one four.'],
  ['It was -5 degrees.', 'It was minus five degrees.'],
  ['Pay $5.50 now.', 'Pay five dollars and fifty cents now.'],
  ['Just $1.', 'Just one dollar.'],
  ['€3.20 or £1.01', 'three euros and twenty cents or one pound and one penny'],
  ['$0.99', 'ninety-nine cents'],
  ['$2 million', 'two million dollars'],
  ['Due 2024-01-31.', 'Due January thirty-first, twenty twenty-four.'],
  ['On Jan 31, 2024 we met.', 'On January thirty-first, twenty twenty-four we met.'],
  ['See you at 3:45 pm.', 'See you at three forty-five p m.'],
  ['Wake at 7:05 a.m. daily', 'Wake at seven oh five a m daily'],
  ['At 14:00 sharp', 'At fourteen hundred sharp'],
  ['the 1st and 22nd and 103rd', 'the first and twenty-second and one hundred third'],
  ['Up 45% today', 'Up forty-five percent today'],
  ['Born in 1984.', 'Born in nineteen eighty-four.'],
  ['Dr. Smith lives on Main St. near St. Paul.', 'Doctor Smith lives on Main Street near Saint Paul.'],
  ['Mr. and Mrs. Jones', 'Mister and Missus Jones'],
  ['fruit, e.g. apples, vs. pears, etc.', 'fruit, for example apples, versus pears, et cetera.'],
  ['Nothing to change here.', 'Nothing to change here.'],
];

describe('normalizeText', () => {
  it.each(cases)('normalises %j', (input, expected) => {
    expect(normalizeText(input).text).toBe(expected);
  });

  it('maps every normalised unit back to the original span it came from', () => {
    const input = 'Pay $5.50 on 2024-01-31, Dr. Who.';
    const n = normalizeText(input);
    expect(n.origStart.length).toBe(n.text.length);
    const five = n.text.indexOf('five dollars');
    expect(toOriginalSpan(n, five, five + 4)).toEqual([4, 9]);
    const doc = n.text.indexOf('Doctor');
    expect(input.slice(...toOriginalSpan(n, doc, doc + 6))).toBe('Dr.');
    const who = n.text.indexOf('Who');
    expect(input.slice(...toOriginalSpan(n, who, who + 3))).toBe('Who');
    for (let i = 1; i < n.text.length; i++)
      expect(n.origStart[i]!).toBeGreaterThanOrEqual(n.origStart[i - 1]!);
  });
});
