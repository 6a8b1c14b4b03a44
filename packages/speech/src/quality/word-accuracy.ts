/**
 * Word error rate between a reference text and a recogniser's transcript: the word-level Levenshtein
 * distance (substitutions + deletions + insertions) over the number of reference words. Words are
 * compared case-insensitively with punctuation removed, so "Hello," and "hello" are the same word.
 */

/** Lower-case words of a text, punctuation dropped (apostrophes inside words kept: "don't"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Substitutions, deletions and insertions of the cheapest alignment of `hypothesis` to `reference`. */
export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

/** Counts the word errors of `hypothesis` against `reference` (minimum edit distance). */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  const r = words(reference);
  const h = words(hypothesis);
  // cost[j] holds [total, substitutions, deletions, insertions] for r[0..i) vs h[0..j).
  type Cell = [number, number, number, number];
  let prev: Cell[] = h.map((_, j): Cell => [j + 1, 0, 0, j + 1]);
  prev.unshift([0, 0, 0, 0]);
  for (let i = 1; i <= r.length; i++) {
    const row: Cell[] = [[i, 0, i, 0]];
    for (let j = 1; j <= h.length; j++) {
      const same = r[i - 1] === h[j - 1];
      const diag = prev[j - 1]!;
      const up = prev[j]!;
      const left = row[j - 1]!;
      const options: Cell[] = [
        [diag[0] + (same ? 0 : 1), diag[1] + (same ? 0 : 1), diag[2], diag[3]],
        [up[0] + 1, up[1], up[2] + 1, up[3]],
        [left[0] + 1, left[1], left[2], left[3] + 1],
      ];
      row.push(options.reduce((best, c) => (c[0] < best[0] ? c : best)));
    }
    prev = row;
  }
  const [, substitutions, deletions, insertions] = prev[h.length]!;
  return { substitutions, deletions, insertions, referenceWords: r.length };
}

/** Word error rate, 0 = perfect; can exceed 1 when the hypothesis adds many words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const e = wordErrors(reference, hypothesis);
  if (e.referenceWords === 0) return e.insertions === 0 ? 0 : 1;
  return (e.substitutions + e.deletions + e.insertions) / e.referenceWords;
}

/** Word accuracy over several utterances: 1 − (all errors / all reference words), floored at 0. */
export function wordAccuracy(pairs: { reference: string; hypothesis: string }[]): number {
  let errors = 0;
  let total = 0;
  for (const { reference, hypothesis } of pairs) {
    const e = wordErrors(reference, hypothesis);
    errors += e.substitutions + e.deletions + e.insertions;
    total += e.referenceWords;
  }
  return total === 0 ? 1 : Math.max(0, 1 - errors / total);
}
