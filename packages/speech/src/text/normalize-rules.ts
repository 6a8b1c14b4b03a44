/** The English normalisation rules: each a pattern and a function from its match to spoken words. */
import { cardinal, ordinal, spellDigits, year } from './number-words';

/** A rule: `pattern` must be global and sticky-free; `speak` returns null to leave the match alone. */
export interface NormalizeRule {
  pattern: RegExp;
  speak: (m: RegExpExecArray, text: string) => string | null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_RE =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const CURRENCY: Record<string, [string, string, string, string]> = {
  $: ['dollar', 'dollars', 'cent', 'cents'],
  '€': ['euro', 'euros', 'cent', 'cents'],
  '£': ['pound', 'pounds', 'penny', 'pence'],
  '¥': ['yen', 'yen', 'sen', 'sen'],
  '₹': ['rupee', 'rupees', 'paisa', 'paise'],
};
/** ISO codes written after an amount ("20 EUR"). */
const CURRENCY_CODES: Record<string, [string, string]> = {
  USD: ['US dollar', 'US dollars'],
  EUR: ['euro', 'euros'],
  GBP: ['pound sterling', 'pounds sterling'],
  JPY: ['yen', 'yen'],
  CHF: ['Swiss franc', 'Swiss francs'],
};
/** Units written after a number ("5 kg", "50km/h"): singular and plural. */
const UNITS: Record<string, [string, string]> = {
  'km/h': ['kilometer per hour', 'kilometers per hour'],
  mph: ['mile per hour', 'miles per hour'],
  km: ['kilometer', 'kilometers'],
  cm: ['centimeter', 'centimeters'],
  mm: ['millimeter', 'millimeters'],
  m: ['meter', 'meters'],
  kg: ['kilogram', 'kilograms'],
  mg: ['milligram', 'milligrams'],
  g: ['gram', 'grams'],
  lb: ['pound', 'pounds'],
  lbs: ['pound', 'pounds'],
  oz: ['ounce', 'ounces'],
  ml: ['milliliter', 'milliliters'],
  '°C': ['degree Celsius', 'degrees Celsius'],
  '°F': ['degree Fahrenheit', 'degrees Fahrenheit'],
};
const UNIT_RE = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace('/', '\\/'))
  .join('|');
/** Denominators read as fractions ("3/4" → "three quarters"); only proper fractions are read so. */
const DENOMINATORS: Record<number, [string, string]> = {
  2: ['half', 'halves'],
  3: ['third', 'thirds'],
  4: ['quarter', 'quarters'],
  5: ['fifth', 'fifths'],
  6: ['sixth', 'sixths'],
  8: ['eighth', 'eighths'],
  10: ['tenth', 'tenths'],
  16: ['sixteenth', 'sixteenths'],
};

/** "1,234.50" → words; decimals are read digit by digit after "point". */
export function numberWords(raw: string): string {
  const negative = raw.startsWith('-') || raw.startsWith('−');
  const [int = '0', frac] = raw.replace(/^[-−]/, '').replace(/,/g, '').split('.');
  const words = cardinal(int || '0') + (frac ? ` point ${spellDigits(frac)}` : '');
  return negative ? `minus ${words}` : words;
}

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase());
}

function date(month: number, day: number, y?: number): string | null {
  if (month < 0 || month > 11 || day < 1 || day > 31) return null;
  return `${MONTHS[month]} ${ordinal(day)}${y === undefined ? '' : `, ${year(y)}`}`;
}

function time(h: number, min: number, meridiem?: string): string | null {
  if (h > 23 || min > 59 || (meridiem && (h < 1 || h > 12))) return null;
  const minutes =
    min === 0 ? (meridiem ? '' : ' hundred') : min < 10 ? ` oh ${cardinal(min)}` : ` ${cardinal(min)}`;
  const suffix = meridiem ? ` ${meridiem[0]!.toLowerCase() === 'a' ? 'a m' : 'p m'}` : '';
  if (!meridiem && min === 0) return `${cardinal(h)} hundred`;
  return `${cardinal(h)}${minutes}${suffix}`;
}

/** A numeric date: day first when the first number cannot be a month, else month first (US). */
function numericDate(a: number, b: number, y: number): string | null {
  if (a > 12 && b <= 12) return date(b - 1, a, y);
  return date(a - 1, b, y);
}

/** "1990s" → "nineteen nineties", "1900s" → "nineteen hundreds", "2000s" → "two thousands". */
function decade(n: number): string {
  return year(n).replace(/([a-z]+)$/, (last) =>
    last.endsWith('y') ? `${last.slice(0, -1)}ies` : `${last}s`,
  );
}

/** Dropping a sentence-final period with an abbreviation would change the prosody: keep it. */
function keepPeriod(m: RegExpExecArray, text: string): string {
  const rest = text.slice(m.index + m[0].length);
  return /^\s*$|^\s+[A-Z]/.test(rest) ? '.' : '';
}

const ABBREVIATIONS: [RegExp, string | ((m: RegExpExecArray, text: string) => string)][] = [
  [/\bDr\.(?=\s+[A-Z])/g, 'Doctor'],
  [/\bMr\./g, 'Mister'],
  [/\bMrs\./g, 'Missus'],
  [/\bMs\.(?=\s+[A-Z])/g, 'Miz'],
  [/\bProf\.(?=\s+[A-Z])/g, 'Professor'],
  [/\bJr\./g, 'Junior'],
  [/\bSt\.(?=\s+[A-Z])/g, 'Saint'],
  [/(?<=[a-z]\s+)St\.(?!\s+[A-Z])/g, (m, t) => `Street${keepPeriod(m, t)}`],
  [/\betc\./g, (m, t) => `et cetera${keepPeriod(m, t)}`],
  [/\be\.g\.(?!\w)/gi, 'for example'],
  [/\bi\.e\.(?!\w)/gi, 'that is'],
  [/\bvs\.?(?=\s)/g, 'versus'],
  [/\bapprox\./g, 'approximately'],
  [/\bNo\.(?=\s*\d)/g, 'number'],
  [/#(?=\d)/g, 'number'],
  [/\bFig\.(?=\s*\d)/g, 'figure'],
  [/\bca\.(?=\s*\d)/g, 'circa'],
  [/\bMt\.(?=\s+[A-Z])/g, 'Mount'],
  [/(?<=[a-z]\s+)Ave\./g, (m, t) => `Avenue${keepPeriod(m, t)}`],
];

/** Rules in the order they apply; a character consumed by one rule is not seen by later ones. */
export const RULES: NormalizeRule[] = [
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    speak: (m) => date(Number(m[2]) - 1, Number(m[3]), Number(m[1])),
  },
  {
    pattern: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g,
    speak: (m) => numericDate(Number(m[1]), Number(m[2]), Number(m[3])),
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_RE}\\.?(?:,? (\\d{4}))?\\b`, 'g'),
    speak: (m, text) => {
      const month = monthIndex(m[2]!);
      const day = Number(m[1]);
      if (month < 0 || day < 1 || day > 31) return null;
      const the = /\bthe\s+$/i.test(text.slice(0, m.index)) ? '' : 'the ';
      return `${the}${ordinal(day)} of ${MONTHS[month]}${m[3] ? `, ${year(Number(m[3]))}` : ''}`;
    },
  },
  {
    pattern: new RegExp(`\\b${MONTH_RE}\\.? (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, 'g'),
    speak: (m) => date(monthIndex(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : undefined),
  },
  {
    pattern: /\b(\d{1,2}):(\d{2}):(\d{2})\b/g,
    speak: (m) => {
      const hm = time(Number(m[1]), Number(m[2]));
      const sec = Number(m[3]);
      if (!hm || sec > 59) return null;
      return `${hm} and ${cardinal(sec)} ${sec === 1 ? 'second' : 'seconds'}`;
    },
  },
  {
    pattern: /(?<![\w:.])(\d{1,2})\s*([ap])\.?m\b\.?(?!\w)/gi,
    speak: (m, text) => {
      const h = Number(m[1]);
      if (h < 1 || h > 12) return null;
      const words = `${cardinal(h)} ${m[2]!.toLowerCase() === 'a' ? 'a m' : 'p m'}`;
      return m[0].endsWith('.') ? words + keepPeriod(m, text) : words;
    },
  },
  {
    pattern: /\b(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\b\.?)?/gi,
    speak: (m, text) => {
      const words = time(Number(m[1]), Number(m[2]), m[3]);
      return words && m[0].endsWith('.') ? words + keepPeriod(m, text) : words;
    },
  },
  {
    pattern: /(-)?([$€£¥₹])(\d[\d,]*)(?:\.(\d{1,2}))?(?:\s+(thousand|million|billion|trillion)\b)?/g,
    speak: (m) => {
      const [one, many, subOne, subMany] = CURRENCY[m[2]!]!;
      const whole = m[3]!.replace(/,/g, '');
      const minus = m[1] ? 'minus ' : '';
      if (m[5]) return `${minus}${numberWords(whole + (m[4] ? `.${m[4]}` : ''))} ${m[5]} ${many}`;
      const cents = m[4] ? Number(m[4].padEnd(2, '0')) : 0;
      const main = `${cardinal(whole)} ${whole === '1' ? one : many}`;
      if (!cents) return minus + main;
      const sub = `${cardinal(cents)} ${cents === 1 ? subOne : subMany}`;
      return minus + (/^0+$/.test(whole) ? sub : `${main} and ${sub}`);
    },
  },
  {
    pattern: new RegExp(
      `(?<![\\w.])(\\d[\\d,]*(?:\\.\\d+)?) (${Object.keys(CURRENCY_CODES).join('|')})\\b`,
      'g',
    ),
    speak: (m) => {
      const [one, many] = CURRENCY_CODES[m[2]!]!;
      return `${numberWords(m[1]!)} ${m[1] === '1' ? one : many}`;
    },
  },
  {
    pattern: new RegExp(`(?<![\\w.])([-−]?\\d[\\d,]*(?:\\.\\d+)?) ?(${UNIT_RE})(?![\\w/])`, 'g'),
    speak: (m) => {
      const [one, many] = UNITS[m[2]!]!;
      return `${numberWords(m[1]!)} ${m[1] === '1' ? one : many}`;
    },
  },
  {
    pattern: /(?<![\w./])(\d{1,2})\/(\d{1,2})(?![\w/])/g,
    speak: (m) => {
      const num = Number(m[1]);
      const den = DENOMINATORS[Number(m[2])];
      if (!den || num < 1 || num >= Number(m[2])) return null;
      return `${cardinal(num)} ${num === 1 ? den[0] : den[1]}`;
    },
  },
  { pattern: /\b(1[1-9]\d0|20\d0)s\b/g, speak: (m) => decade(Number(m[1])) },
  { pattern: /(?<![\w.])([-−]?\d[\d,]*(?:\.\d+)?)\s?%/g, speak: (m) => `${numberWords(m[1]!)} percent` },
  { pattern: /\b(\d+)(st|nd|rd|th)\b/gi, speak: (m) => ordinal(m[1]!) },
  {
    pattern: /\b(in|since|by|until|from|of|year|circa) (1[1-9]\d\d|20\d\d)\b(?![.,]\d)/gi,
    speak: (m) => `${m[1]} ${year(Number(m[2]))}`,
  },
  {
    pattern: /(?<![\w.])[-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,]*\d)|(?<![\w.,])[-−]?\d+(?:\.\d+)?(?![\w])/g,
    speak: (m) => numberWords(m[0]),
  },
  { pattern: /(?<![\w.])\.(\d+)\b/g, speak: (m) => `point ${spellDigits(m[1]!)}` },
  ...ABBREVIATIONS.map(([pattern, say]): NormalizeRule => ({
    pattern,
    speak: (m, text) => (typeof say === 'string' ? say : say(m, text)),
  })),
];
