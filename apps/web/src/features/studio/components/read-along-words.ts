/** Character timings as the engines give them (the `/with-timestamps` alignment). */
export type CharAlignment = {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
};
export type TimedWord = { text: string; start: number; end: number };

/**
 * Groups an alignment's characters into words with the time of their first and last character; markup such as
 * a `<break time="1s" />` pause is not a word and is left out.
 */
export function wordsOf(a: CharAlignment): TimedWord[] {
  const words: TimedWord[] = [];
  let cur: TimedWord | null = null;
  let inTag = false;
  a.characters.forEach((ch, i) => {
    if (ch === '<') inTag = true;
    const space = inTag || /\s/.test(ch);
    if (ch === '>') inTag = false;
    if (space) {
      if (cur) words.push(cur);
      cur = null;
      return;
    }
    const start = a.character_start_times_seconds[i] ?? 0;
    const end = a.character_end_times_seconds[i] ?? start;
    if (cur) {
      cur.text += ch;
      cur.end = end;
    } else cur = { text: ch, start, end };
  });
  if (cur) words.push(cur);
  return words;
}

/** The index of the word being spoken at `t` seconds (the last one started), or -1 before the first. */
export function wordAt(words: TimedWord[], t: number): number {
  let found = -1;
  for (let i = 0; i < words.length && words[i]!.start <= t; i++) found = i;
  return found;
}
