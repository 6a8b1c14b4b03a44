import { describe, expect, it } from 'vitest';
import { segmentSentences, splitLong } from './segment';

const cases: [string, string[]][] = [
  ['Hello world. How are you?', ['Hello world. ', 'How are you?']],
  ['Dr. Smith arrived. He sat down.', ['Dr. Smith arrived. ', 'He sat down.']],
  ['Mr. and Mrs. Jones left. Bye.', ['Mr. and Mrs. Jones left. ', 'Bye.']],
  ['Bring fruit, e.g. apples. Then go.', ['Bring fruit, e.g. apples. ', 'Then go.']],
  ['Apples, pears, etc. are fine. Next.', ['Apples, pears, etc. are fine. ', 'Next.']],
  ['I like fruit etc. Then I left.', ['I like fruit etc. ', 'Then I left.']],
  ['The U.S. economy grew. Good.', ['The U.S. economy grew. ', 'Good.']],
  ['Pi is 3.14 roughly. Yes.', ['Pi is 3.14 roughly. ', 'Yes.']],
  ['He said "Stop." Then he ran.', ['He said "Stop." ', 'Then he ran.']],
  ['Wait... what happened? Nothing!', ['Wait... what happened? ', 'Nothing!']],
  ['Red vs. blue. Done.', ['Red vs. blue. ', 'Done.']],
  ['John F. Kennedy spoke.', ['John F. Kennedy spoke.']],
  ['  Leading space. Trailing  ', ['  Leading space. ', 'Trailing  ']],
  ['Café 😀 time. Ünïcode here.', ['Café 😀 time. ', 'Ünïcode here.']],
  // Abbreviations and initialisms
  ['Prof. Brown teaches. Then lunch.', ['Prof. Brown teaches. ', 'Then lunch.']],
  ['See Fig. 3 for details. Next.', ['See Fig. 3 for details. ', 'Next.']],
  ['I live at No. 5. Come by.', ['I live at No. 5. ', 'Come by.']],
  ['Mt. Everest is tall. True.', ['Mt. Everest is tall. ', 'True.']],
  ['Ph.D. students work hard. Always.', ['Ph.D. students work hard. ', 'Always.']],
  ['It rained in the U.K. It was cold.', ['It rained in the U.K. ', 'It was cold.']],
  ['Apples, i.e. fruit. Fine.', ['Apples, i.e. fruit. ', 'Fine.']],
  // Decimals, currencies, percentages, versions
  ['It was 3.5 km. Then we stopped.', ['It was 3.5 km. ', 'Then we stopped.']],
  ['It costs $3.50. That is cheap.', ['It costs $3.50. ', 'That is cheap.']],
  ['The price rose 2.5%. Wow.', ['The price rose 2.5%. ', 'Wow.']],
  ['Version 2.0 is out. Get it.', ['Version 2.0 is out. ', 'Get it.']],
  // Times and dates
  ['Wake at 7 a.m. and run. Then eat.', ['Wake at 7 a.m. and run. ', 'Then eat.']],
  ['Meet me at 5 p.m. Bring food.', ['Meet me at 5 p.m. ', 'Bring food.']],
  ['The meeting is on Jan. 5. Be there.', ['The meeting is on Jan. 5. ', 'Be there.']],
  ['On Dec. 25, 2020 it snowed. Nice.', ['On Dec. 25, 2020 it snowed. ', 'Nice.']],
  // Quotes and brackets
  ['She asked, "Are you sure?" He nodded.', ['She asked, "Are you sure?" ', 'He nodded.']],
  ["'Go now.' She left.", ["'Go now.' ", 'She left.']],
  ['“Really?” she said. “Yes.”', ['“Really?” she said. ', '“Yes.”']],
  ['He said (quietly). Then left.', ['He said (quietly). ', 'Then left.']],
];

describe('segmentSentences', () => {
  it.each(cases)('segments %j', (input, expected) => {
    const got = segmentSentences(input);
    expect(got.map((s) => s.text)).toEqual(expected);
  });

  it('never loses or reorders characters and offsets map back to the input', () => {
    for (const [input] of cases) {
      const got = segmentSentences(input);
      expect(got.map((s) => s.text).join('')).toBe(input);
      for (const s of got) expect(input.slice(s.start, s.end)).toBe(s.text);
    }
  });
});

describe('splitLong', () => {
  it('cuts at commas, then spaces, and keeps offsets exact', () => {
    const text = 'alpha beta, gamma delta epsilon zeta eta theta';
    const parts = splitLong({ text, start: 10, end: 10 + text.length }, 16);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts[0]!.text).toBe('alpha beta, ');
    for (const p of parts) {
      expect(p.text.length).toBeLessThanOrEqual(16);
      expect(text.slice(p.start - 10, p.end - 10)).toBe(p.text);
    }
  });

  it('cuts hard when there is no space', () => {
    const parts = splitLong({ text: 'x'.repeat(25), start: 0, end: 25 }, 10);
    expect(parts.map((p) => p.text.length)).toEqual([10, 10, 5]);
  });
});
