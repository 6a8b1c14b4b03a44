/** English number words: cardinals up to the trillions, ordinals, years and digit strings. */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [bigint, string][] = [
  [1_000_000_000_000n, 'trillion'],
  [1_000_000_000n, 'billion'],
  [1_000_000n, 'million'],
  [1_000n, 'thousand'],
];

function underThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) {
    parts.push(`${ONES[Math.floor(n / 100)]} hundred`);
    n %= 100;
  }
  if (n >= 20) parts.push(TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : ''));
  else if (n > 0 || parts.length === 0) parts.push(ONES[n]!);
  return parts.join(' ');
}

/** Cardinal words for a non-negative integer given as digits ("1234" → "one thousand two hundred thirty-four"). */
export function cardinal(digits: string | number): string {
  let n = BigInt(typeof digits === 'number' ? Math.trunc(digits) : digits.replace(/^0+(?=\d)/, ''));
  if (n >= 1_000_000_000_000_000n) return spellDigits(n.toString());
  const parts: string[] = [];
  for (const [value, name] of SCALES) {
    if (n >= value) {
      parts.push(`${underThousand(Number(n / value))} ${name}`);
      n %= value;
    }
  }
  if (n > 0n || parts.length === 0) parts.push(underThousand(Number(n)));
  return parts.join(' ');
}

/** Digits read one by one ("0314" → "zero three one four"), used after a decimal point. */
export function spellDigits(digits: string): string {
  return [...digits].map((d) => ONES[Number(d)]).join(' ');
}

const IRREGULAR: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** Ordinal words ("22" → "twenty-second"). */
export function ordinal(digits: string | number): string {
  const words = cardinal(digits);
  return words.replace(/([a-z]+)$/, (last) => {
    if (IRREGULAR[last]) return IRREGULAR[last];
    if (last.endsWith('y')) return `${last.slice(0, -1)}ieth`;
    return `${last}th`;
  });
}

/** A year as people say it ("1984" → "nineteen eighty-four", "2005" → "two thousand five"). */
export function year(n: number): string {
  if (n >= 2000 && n < 2010) return cardinal(n);
  const hi = Math.floor(n / 100);
  const lo = n % 100;
  if (n < 1000 || (hi % 10 === 0 && lo < 10)) return cardinal(n);
  if (lo === 0) return `${cardinal(hi)} hundred`;
  return `${cardinal(hi)} ${lo < 10 ? `oh ${ONES[lo]}` : cardinal(lo)}`;
}
