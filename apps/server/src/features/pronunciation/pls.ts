/**
 * W3C Pronunciation Lexicon Specification (PLS 1.0) files: read a lexicon's lexemes into alias and phoneme
 * rules, and write a version's rules back as a lexicon.
 */
import type { Rule } from '@vocalis/domain/pronunciation/pronunciation-rules';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../errors';

const invalid = (why: string) => badRequest(`The file is not a valid PLS lexicon: ${why}.`, 'invalid_pls');
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as { '#text': unknown })['#text']) : v == null ? '' : String(v)).trim();

/** The lexicon's alphabet as the API names it. */
const alphabetOf = (a: string | undefined) => (a && /cmu|arpabet/i.test(a) ? 'cmu-arpabet' : 'ipa');

export function parsePls(xml: string): Rule[] {
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, trimValues: true }).parse(xml, true) as Record<string, unknown>;
  } catch (e) {
    throw invalid(e instanceof Error ? e.message.split('\n')[0]! : 'not XML');
  }
  const lexicon = doc.lexicon as Record<string, unknown> | undefined;
  if (!lexicon || typeof lexicon !== 'object') throw invalid('no <lexicon> element');
  const alphabet = alphabetOf(lexicon['@alphabet'] as string | undefined);
  const rules: Rule[] = [];
  for (const lexeme of list(lexicon.lexeme as Record<string, unknown>[])) {
    const graphemes = list(lexeme.grapheme).map(text).filter(Boolean);
    const alias = list(lexeme.alias).map(text).find(Boolean);
    const phoneme = list(lexeme.phoneme)[0];
    for (const g of graphemes) {
      if (alias) rules.push({ type: 'alias', string_to_replace: g, alias });
      else if (phoneme !== undefined && text(phoneme))
        rules.push({
          type: 'phoneme',
          string_to_replace: g,
          phoneme: text(phoneme),
          alphabet: alphabetOf((phoneme as Record<string, string>)['@alphabet'] ?? alphabet),
        });
    }
  }
  if (!rules.length) throw invalid('no lexeme with a grapheme and an alias or phoneme');
  return rules;
}

export function writePls(rules: Rule[], language = 'en-US'): string {
  const alphabet = rules.find((r) => r.type === 'phoneme')?.alphabet ?? 'ipa';
  const lexeme = rules.map((r) =>
    r.type === 'alias'
      ? { grapheme: r.string_to_replace, alias: r.alias }
      : { grapheme: r.string_to_replace, phoneme: r.alphabet === alphabet ? r.phoneme : { '@_alphabet': r.alphabet, '#text': r.phoneme } },
  );
  const body = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' }).build({
    lexicon: {
      '@_version': '1.0',
      '@_xmlns': 'http://www.w3.org/2005/01/pronunciation-lexicon',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation': 'http://www.w3.org/2005/01/pronunciation-lexicon http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd',
      '@_alphabet': alphabet,
      '@_xml:lang': language,
      lexeme,
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
