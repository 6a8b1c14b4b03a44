/**
 * Who speaks each quotation in a text (issue 12 "auto-assign voices to quoted dialogue by speaker", decision 178).
 * Pure rules, no model: a quotation is text between double quotes (straight or curly); its speaker is the name
 * next to a speech verb just after it (`"…," said Anna` / `"…," Anna said`) or just before it
 * (`Anna said, "…"`); an unattributed quotation in a two-person exchange goes to the speaker before last
 * (turn-taking). Anything else is narration.
 */

/** A run of a paragraph: narration (speaker null) or a quotation with its speaker (null when unknown). */
export type DialogueSegment = { text: string; quote: boolean; speaker: string | null };

export const SPEECH_VERBS = [
  'said',
  'says',
  'asked',
  'asks',
  'replied',
  'replies',
  'answered',
  'answers',
  'shouted',
  'shouts',
  'whispered',
  'whispers',
  'cried',
  'cries',
  'called',
  'calls',
  'added',
  'adds',
  'muttered',
  'mutters',
  'exclaimed',
  'yelled',
  'continued',
  'began',
  'insisted',
  'murmured',
  'sighed',
  'laughed',
  'snapped',
  'told',
  'tells',
  'agreed',
  'admitted',
] as const;

const VERB = `(?:${SPEECH_VERBS.join('|')})`;
/** One or two capitalised words, optionally after a title (Mr., Mrs., Ms., Dr.). */
const NAME = `((?:(?:Mr|Mrs|Ms|Dr)\\.? )?[A-Z][a-z]+(?: [A-Z][a-z]+)?)`;
const NOT_NAMES = new Set([
  'He',
  'She',
  'They',
  'It',
  'I',
  'We',
  'You',
  'The',
  'A',
  'An',
  'And',
  'But',
  'Then',
  'This',
  'That',
]);

const AFTER_VERB_NAME = new RegExp(`^[\\s,]*${VERB} ${NAME}`);
const AFTER_NAME_VERB = new RegExp(`^[\\s,]*${NAME} ${VERB}\\b`);
const BEFORE_NAME_VERB = new RegExp(`${NAME} ${VERB}(?: [a-z]+)?[,:]?\\s*$`);

/** Quotations; markup such as `<break time="1s" />` is matched first so its attribute quotes are skipped. */
const QUOTE = /<[^>]*>|"((?:[^"<]|<[^>]*>)+)"|“((?:[^”<]|<[^>]*>)+)”/g;

const nameOf = (m: RegExpMatchArray | null): string | null => {
  const n = m?.[1];
  return n && !NOT_NAMES.has(n.split(' ')[0]!) ? n : null;
};

/** The speaker named beside a quotation: after it first, else before it. */
export function attribution(before: string, after: string): string | null {
  return (
    nameOf(after.match(AFTER_VERB_NAME)) ??
    nameOf(after.match(AFTER_NAME_VERB)) ??
    nameOf(before.match(BEFORE_NAME_VERB))
  );
}

/**
 * Splits each paragraph into narration and quotations and names each quotation's speaker. Paragraphs are in
 * reading order: turn-taking looks at the speakers of the quotations before.
 */
export function dialogueSegments(paragraphs: string[]): DialogueSegment[][] {
  const recent: string[] = [];
  return paragraphs.map((p) => {
    const out: DialogueSegment[] = [];
    const quotes = [...p.matchAll(QUOTE)].filter((q) => !q[0].startsWith('<'));
    if (!quotes.length) return [{ text: p, quote: false, speaker: null }];
    // One speaker per paragraph: the first attribution found for any of its quotations.
    let speaker: string | null = null;
    for (const q of quotes) {
      speaker = attribution(p.slice(0, q.index), p.slice(q.index + q[0].length));
      if (speaker) break;
    }
    if (!speaker && recent.length >= 2 && recent.at(-1) !== recent.at(-2)) speaker = recent.at(-2)!;
    if (speaker) recent.push(speaker);
    let at = 0;
    for (const q of quotes) {
      if (q.index > at) out.push({ text: p.slice(at, q.index), quote: false, speaker: null });
      out.push({ text: q[0], quote: true, speaker });
      at = q.index + q[0].length;
    }
    if (at < p.length) out.push({ text: p.slice(at), quote: false, speaker: null });
    return out;
  });
}

/**
 * Gives each speaker a voice in order of first appearance, never the narrator's while another is free; with
 * more speakers than voices the voices are reused in turn.
 */
export function assignSpeakerVoices(
  speakers: string[],
  voiceIds: string[],
  narratorVoiceId: string,
): Map<string, string> {
  const pool = voiceIds.filter((v) => v !== narratorVoiceId);
  const usable = pool.length ? pool : voiceIds;
  const out = new Map<string, string>();
  for (const s of speakers) if (!out.has(s) && usable.length) out.set(s, usable[out.size % usable.length]!);
  return out;
}
