/**
 * Apertium (Debian `apertium` plus pair packages such as `apertium-eng-spa`): rule-based translation run as
 * a child process per call. The installed pairs are the `.mode` files in its modes folder; variant modes
 * (`eng-cat_valencia`) and ones whose codes we cannot name are left out.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LanguagePair, Translator } from './translator';

export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

/** Apertium's three-letter (and two-letter) codes to ISO 639-1. */
const ISO1: Record<string, string> = {
  eng: 'en',
  en: 'en',
  spa: 'es',
  es: 'es',
  cat: 'ca',
  ca: 'ca',
  glg: 'gl',
  gl: 'gl',
  por: 'pt',
  pt: 'pt',
  fra: 'fr',
  fr: 'fr',
  ita: 'it',
  it: 'it',
  deu: 'de',
  de: 'de',
  nld: 'nl',
  nl: 'nl',
  ron: 'ro',
  ro: 'ro',
  eus: 'eu',
  eu: 'eu',
  epo: 'eo',
  eo: 'eo',
  oci: 'oc',
  oc: 'oc',
  arg: 'an',
  ast: 'ast',
  dan: 'da',
  nor: 'no',
  swe: 'sv',
  isl: 'is',
  rus: 'ru',
  ukr: 'uk',
  bel: 'be',
  bul: 'bg',
  mkd: 'mk',
  hbs: 'sh',
  slv: 'sl',
  ind: 'id',
  zlm: 'ms',
  afr: 'af',
  srd: 'sc',
  hin: 'hi',
  urd: 'ur',
  tur: 'tr',
  pol: 'pl',
  ces: 'cs',
};

/** The pair a mode file name names (`eng-spa.mode` → en→es), or null for variants and unknown codes. */
export function pairOfMode(file: string): (LanguagePair & { mode: string }) | null {
  const m = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(file);
  if (!m) return null;
  const from = ISO1[m[1]!];
  const to = ISO1[m[2]!];
  return from && to && from !== to ? { from, to, mode: `${m[1]}-${m[2]}` } : null;
}

/**
 * Runs `apertium -u MODE FILE` on the text; rejects with its error output when it fails. The text goes in a
 * file: the apertium script's first stage does not read standard input when it is a socket (Node's pipes).
 */
async function runApertium(mode: string, text: string, signal?: AbortSignal): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apertium-'));
  try {
    const file = path.join(dir, 'in.txt');
    await writeFile(file, text);
    return await runOn(mode, file, signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runOn(mode: string, file: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('apertium', ['-u', mode, file], { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(
            new Error(`apertium ${mode} failed (${code}): ${Buffer.concat(err).toString().slice(0, 300)}`),
          ),
    );
  });
}

const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim();

/** The built-in translator; `modesDir` is read once per call of pairs() (cheap: a folder listing). */
export function apertiumTranslator(modesDir = APERTIUM_MODES_DIR): Translator {
  const modes = async () => {
    const files = await readdir(modesDir).catch(() => [] as string[]);
    return files.map(pairOfMode).filter((p): p is LanguagePair & { mode: string } => p !== null);
  };
  return {
    id: 'apertium',
    description:
      'Apertium, rule-based machine translation running on this server (only the language pairs installed here; literal, word-order errors are common).',
    async pairs() {
      return (await modes()).map(({ from, to }) => ({ from, to }));
    },
    async translate(texts, pair, signal) {
      const mode = (await modes()).find((m) => m.from === pair.from && m.to === pair.to)?.mode;
      if (!mode) throw new Error(`Apertium has no ${pair.from}-${pair.to} pair installed`);
      const lines = texts.map(oneLine);
      if (!lines.length) return [];
      // One process for every segment: blank lines separate paragraphs and Apertium keeps them.
      const joined = (await runApertium(mode, lines.join('\n\n') + '\n', signal)).trim().split(/\n\s*\n/);
      if (joined.length === lines.length) return joined.map(oneLine);
      const each: string[] = [];
      for (const line of lines) each.push(line ? oneLine(await runApertium(mode, line + '\n', signal)) : '');
      return each;
    },
  };
}
