/**
 * The pronunciation hook: a pure text-to-text rewrite applied to each normalised sentence just before
 * the engine sees it. The pronunciation dictionaries feature will build one from a dictionary's alias
 * rules ("UN" → "United Nations") and phoneme rules (rendered in the engine's own phone notation).
 * It must be deterministic, and should keep word boundaries: alignment treats the rewritten sentence
 * as one unit mapped to the sentence it came from.
 */
export type PronunciationHook = (text: string) => string;

/** The hook used when a request has no pronunciation dictionary. */
export const noPronunciationRules: PronunciationHook = (text) => text;
