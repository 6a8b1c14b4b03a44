// The input guard (decision 032): what scanning a parsed request body for forbidden characters costs, next to
// what parsing its JSON already cost. Run alone: `npx tsx bench/input-guard.ts`; prints a markdown table.
import { findForbiddenCharacters } from '../packages/domain/src/forbidden-characters';

const bodies: [string, unknown][] = [
  [
    'text to speech, 5,200 characters',
    { text: 'Hello world. '.repeat(400), model_id: 'm', voice_settings: { stability: 0.5 } },
  ],
  [
    'dialogue, 2,000 lines (~1 MB)',
    { inputs: Array.from({ length: 2000 }, (_, i) => ({ text: `Line ${i} `.repeat(50), voice_id: 'v' })) },
  ],
  [
    '10,000 short fields (~0.3 MB)',
    Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, `value ${i}`])),
  ],
];

/** Mean microseconds of `fn` over enough runs to take about half a second. */
function time(fn: () => unknown): number {
  for (let i = 0; i < 20; i++) fn();
  let runs = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 500_000_000n) {
    fn();
    runs++;
    elapsed = process.hrtime.bigint() - start;
  }
  return Number(elapsed) / 1000 / runs;
}

console.log('| body | JSON bytes | JSON.parse (µs) | guard scan (µs) |');
console.log('|---|---:|---:|---:|');
for (const [name, body] of bodies) {
  const json = JSON.stringify(body);
  const parse = time(() => JSON.parse(json));
  const scan = time(() => findForbiddenCharacters(body));
  console.log(`| ${name} | ${json.length.toLocaleString('en')} | ${parse.toFixed(1)} | ${scan.toFixed(1)} |`);
}
