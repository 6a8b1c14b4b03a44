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
];

/** Rules in the order they apply; a character consumed by one rule is not seen by later ones. */
export const RULES: NormalizeRule[] = [
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    speak: (m) => date(Number(m[2]) - 1, Number(m[3]), Number(m[1])),
  },
  {
    pattern: new RegExp(`\\b${MONTH_RE}\\.? (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, 'g'),
    speak: (m) => date(monthIndex(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : undefined),
  },
  {
    pattern: /\b(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\b\.?)?/gi,
    speak: (m, text) => {
      const words = time(Number(m[1]), Number(m[2]), m[3]);
      return words && m[0].endsWith('.') ? words + keepPeriod(m, text) : words;
    },
  },
  {
    pattern: /(-)?([$€£])(\d[\d,]*)(?:\.(\d{1,2}))?(?:\s+(thousand|million|billion|trillion)\b)?/g,
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
  ...ABBREVIATIONS.map(([pattern, say]): NormalizeRule => ({
    pattern,
    speak: (m, text) => (typeof say === 'string' ? say : say(m, text)),
  })),
];
