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
  // Currencies
  ['It costs $1,000,000.', 'It costs one million dollars.'],
  ['¥100 or ₹2.50', 'one hundred yen or two rupees and fifty paise'],
  ['Pay 20 EUR or 1 USD', 'Pay twenty euros or one US dollar'],
  ['-$5 today', 'minus five dollars today'],
  // Decimals
  ['Add .5 more', 'Add point five more'],
  ['0.25 of it', 'zero point two five of it'],
  ['$3.5 billion', 'three point five billion dollars'],
  // Dates
  ['On 12/25/2024 we rest.', 'On December twenty-fifth, twenty twenty-four we rest.'],
  ['On 31/12/2024 we party.', 'On December thirty-first, twenty twenty-four we party.'],
  ['On 3 March 2024 it rained.', 'On the third of March, twenty twenty-four it rained.'],
  ['The 1st of May', 'The first of May'],
  ['In the 1990s and 2010s', 'In the nineteen nineties and twenty tens'],
  ['Since 1900.', 'Since nineteen hundred.'],
  ['In 2000 and in 2005.', 'In two thousand and in two thousand five.'],
  // Times
  ['At 9am and 5 p.m. daily', 'At nine a m and five p m daily'],
  ['Meet at 9 pm.', 'Meet at nine p m.'],
  ['Lap time 1:05:30 flat', 'Lap time one oh five and thirty seconds flat'],
  ['At 12:00 am', 'At twelve a m'],
  // Ordinals
  ['the 11th, 12th, 13th and 101st', 'the eleventh, twelfth, thirteenth and one hundred first'],
  ['2nd-place finish', 'second-place finish'],
  // Units, fractions, numbers with signs
  ['Add 3/4 cup and 1/2 spoon', 'Add three quarters cup and one half spoon'],
  ['It is 24/7 work', 'It is twenty-four/seven work'],
  ['Drive 50 km/h for 1 km', 'Drive fifty kilometers per hour for one kilometer'],
  ['It weighs 5kg, or 11 lbs.', 'It weighs five kilograms, or eleven pounds.'],
  ['It is 21°C outside', 'It is twenty-one degrees Celsius outside'],
  // Abbreviations
  ['See Fig. 3 at No. 5 and #2.', 'See figure three at number five and number two.'],
  ['Built ca. 300 by Mt. Olympus on Park Ave.', 'Built circa three hundred by Mount Olympus on Park Avenue.'],
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
