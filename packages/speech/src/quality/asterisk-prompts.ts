/**
 * Real human speech for measuring speech to text: the English prompts of Debian's
 * `asterisk-core-sounds-en-wav` (recorded by Allison Smith, CC-BY-SA-3.0; 8 kHz telephone WAV) with their
 * transcripts from `asterisk-core-sounds-en`'s core-sounds-en.txt. A fixed subset, so figures compare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const ASTERISK_SOUNDS = '/usr/share/asterisk/sounds/en_US_f_Allison';
const TRANSCRIPTS = '/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz';

export interface Prompt {
  name: string;
  file: string;
  transcript: string;
}

/** Whether the package (audio and transcripts) is installed. */
export function asteriskPromptsInstalled(): boolean {
  return fs.existsSync(TRANSCRIPTS) && fs.existsSync(path.join(ASTERISK_SOUNDS, 'agent-pass.wav'));
}

/**
 * Every prompt of the top folder whose transcript is plain words (no "[tones]" descriptions, no digits) and
 * at least `minWords` long, sorted by name; `every` takes each n-th one for a fixed, spread-out subset.
 */
export function asteriskPrompts(o: { minWords?: number; every?: number; limit?: number } = {}): Prompt[] {
  const text = gunzipSync(fs.readFileSync(TRANSCRIPTS)).toString('utf8');
  const prompts: Prompt[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-z0-9-]+): (.+)$/.exec(line.trim());
    if (!m) continue;
    const [, name, transcript] = m as unknown as [string, string, string];
    if (/[[\]0-9]/.test(transcript)) continue;
    if (transcript.split(/\s+/).length < (o.minWords ?? 4)) continue;
    const file = path.join(ASTERISK_SOUNDS, `${name}.wav`);
    if (fs.existsSync(file)) prompts.push({ name, file, transcript });
  }
  prompts.sort((a, b) => a.name.localeCompare(b.name));
  const every = o.every ?? 1;
  return prompts.filter((_, i) => i % every === 0).slice(0, o.limit ?? Infinity);
}
