/**
 * Turns Flite's `-psdur` phone list into word and pause timings. Flite reports phones but not which
 * word each belongs to, so phones are shared out among the words of each phrase in proportion to an
 * estimate of each word's phone count; word edges therefore fall on real phone boundaries.
 */
import type { TimingEvent } from '../engine';

/** One phone and its end time in seconds, as `-psdur` prints it ("hh:0.295"). */
export interface Phone {
  phone: string;
  end: number;
}

/** Parses `-psdur` output ("pau:0.220 hh:0.295 …"). */
export function parsePsdur(out: string): Phone[] {
  const phones: Phone[] = [];
  for (const m of out.matchAll(/(\S+):(\d+(?:\.\d+)?)/g)) phones.push({ phone: m[1]!, end: Number(m[2]) });
  return phones;
}

interface Word {
  start: number;
  end: number;
  weight: number;
  phraseEnd: boolean;
}

/** Words of `text` with an estimated phone count; digits and acronyms expand into more phones. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}'’.,-]*[\p{L}\p{N}\p{M}])?/gu)) {
    const w = m[0];
    const digits = w.replace(/\D/g, '').length;
    const letters = w.replace(/[^\p{L}]/gu, '').length;
    const acronym = /^[A-Z]{2,5}$/.test(w) ? letters : 0;
    const after = text.slice(m.index + w.length).match(/^[^\s\p{L}\p{N}]*/u)![0];
    words.push({
      start: m.index,
      end: m.index + w.length,
      weight: letters + acronym + digits * 3 || 1,
      phraseEnd: /[,;:.!?—–]/.test(after),
    });
  }
  return words;
}

/** Splits `items` into consecutive groups of sizes proportional to `weights` (sizes may be 0). */
function share(count: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const cuts: number[] = [];
  let acc = 0;
  for (const w of weights) {
    acc += w;
    cuts.push(Math.round((count * acc) / total));
  }
  // Give every word at least one phone when there are enough of them.
  if (count >= weights.length)
    for (let i = 0; i < cuts.length; i++) cuts[i] = Math.max(cuts[i]!, i + 1, (cuts[i - 1] ?? 0) + 1);
  for (let i = cuts.length - 1; i >= 0; i--)
    cuts[i] = Math.min(cuts[i]!, count - (cuts.length - 1 - i), cuts[i + 1] ?? count);
  return cuts.map((c, i) => c - (cuts[i - 1] ?? 0));
}

/**
 * Word and pause events for `text` from its phones; times are shifted by `timeOffset` and text offsets
 * by `textOffset`.
 */
export function phonesToEvents(
  text: string,
  phones: Phone[],
  timeOffset: number,
  textOffset: number,
): TimingEvent[] {
  const events: TimingEvent[] = [];
  const words = wordsOf(text);
  const timed = phones.map((p, i) => ({ ...p, start: phones[i - 1]?.end ?? 0 }));
  // Phone groups between pauses; a pause inside the sentence is a phrase break.
  const groups: (typeof timed)[] = [[]];
  for (const p of timed) {
    if (p.phone === 'pau') {
      if (groups.at(-1)!.length) groups.push([]);
    } else groups.at(-1)!.push(p);
  }
  if (!groups.at(-1)!.length) groups.pop();
  const phrases: Word[][] = [[]];
  for (const w of words) {
    phrases.at(-1)!.push(w);
    if (w.phraseEnd) phrases.push([]);
  }
  if (!phrases.at(-1)!.length) phrases.pop();
  // When Flite's phrasing differs from the punctuation, treat the whole sentence as one phrase.
  const pairs =
    groups.length === phrases.length
      ? groups.map((g, i) => [g, phrases[i]!] as const)
      : [[groups.flat(), words] as const];
  for (const [group, ws] of pairs) {
    if (!ws.length || !group.length) continue;
    const sizes = share(
      group.length,
      ws.map((w) => w.weight),
    );
    let at = 0;
    ws.forEach((w, i) => {
      const own = group.slice(at, at + sizes[i]!);
      at += sizes[i]!;
      const start = own[0]?.start ?? group[Math.min(at, group.length - 1)]!.start;
      const end = own.at(-1)?.end ?? start;
      events.push({
        type: 'word',
        start: start + timeOffset,
        end: end + timeOffset,
        textStart: w.start + textOffset,
        textEnd: w.end + textOffset,
        value: text.slice(w.start, w.end),
      });
    });
  }
  const wordEvents = [...events];
  for (const p of timed) {
    if (p.phone !== 'pau' || p.end <= p.start) continue;
    // A pause sits just before the next word (or at the end of the text), covering no characters.
    const next = wordEvents.find((e) => e.start >= p.end + timeOffset - 1e-6);
    const at = next ? next.textStart : text.length + textOffset;
    events.push({
      type: 'pause',
      start: p.start + timeOffset,
      end: p.end + timeOffset,
      textStart: at,
      textEnd: at,
    });
  }
  return events.sort((a, b) => a.start - b.start || a.textStart - b.textStart);
}
