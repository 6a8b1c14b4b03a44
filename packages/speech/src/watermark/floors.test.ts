/**
 * The watermark's floors on a small fixed set (the full measure is bench/watermark.ts): generated speech is
 * found after every transformation the product promises to survive (≥ 99 %: here all of them), human
 * recordings (Debian asterisk-core-sounds-en-wav, installed by scripts/setup-voices.sh) are not (≤ 1 %),
 * and the recogniser reads marked speech as well as unmarked.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeAudio } from '../audio/encode';
import { decodeAudio } from '../audio/ffmpeg';
import { resample } from '../audio/resample';
import { createEspeakEngine } from '../engines/espeak';
import { createFliteEngine } from '../engines/flite';
import { findRecogniser, transcribe } from '../quality/pocketsphinx';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '../quality/sentences';
import { wordErrorRate } from '../quality/word-accuracy';
import { synthesizeToPcm } from '../synthesize';
import { detectWatermark } from './detect';
import { embedWatermark } from './embed';

const KEY = 'floors-test-key';
const RATE = 44100;
const HUMAN_DIR = '/usr/share/asterisk/sounds/en';
const flite = createFliteEngine();
const espeak = createEspeakEngine();
const CLIPS = [
  { engine: flite, voice: 'slt', text: HARVARD_SENTENCES.slice(0, 3).join(' ') },
  { engine: flite, voice: 'kal16', text: EVERYDAY_SENTENCES.slice(0, 3).join(' ') },
  { engine: espeak, voice: 'en-us', text: EVERYDAY_SENTENCES.slice(3, 6).join(' ') },
];

describe('watermark floors', () => {
  const clips: { text: string; plain: Int16Array; marked: Int16Array }[] = [];
  beforeAll(async () => {
    for (const c of CLIPS) {
      const { pcm, sampleRate } = await synthesizeToPcm(c);
      const plain = await resample(pcm, sampleRate, RATE);
      clips.push({ text: c.text, plain, marked: embedWatermark(plain, RATE, KEY) });
    }
  }, 60_000);

  it('finds the mark in generated speech after mp3, opus, 16 kHz and a 3 s cut', async () => {
    const missed: string[] = [];
    for (const [i, { marked }] of clips.entries()) {
      const at16k = await resample(marked, RATE, 16000);
      const versions: [string, Int16Array][] = [
        ['mp3 64k', await decodeAudio(await encodeAudio(marked, RATE, 'mp3_44100_64'), 16000)],
        ['opus 32k', await decodeAudio(await encodeAudio(marked, RATE, 'opus_48000_32'), 16000)],
        ['16 kHz', at16k],
        ['3 s cut', at16k.subarray(12_345, 12_345 + 48_000)],
      ];
      for (const [name, pcm] of versions)
        if (!detectWatermark(pcm, KEY).marked) missed.push(`clip ${i} ${name}`);
    }
    expect(missed).toEqual([]);
  }, 60_000);

  it('finds no mark in 100 human recordings (at most 1 % false positives)', async () => {
    const files = readdirSync(HUMAN_DIR)
      .filter((f) => f.endsWith('.wav'))
      .sort()
      .map((f) => path.join(HUMAN_DIR, f))
      .filter((f) => statSync(f).size >= 44 + 16000)
      .slice(0, 100);
    expect(files).toHaveLength(100);
    let positives = 0;
    for (const f of files)
      if (detectWatermark(await decodeAudio(new Uint8Array(readFileSync(f)), 16000), KEY).marked) positives++;
    expect(positives).toBeLessThanOrEqual(1);
  }, 60_000);

  it('keeps the words: PocketSphinx reads marked speech as accurately as unmarked', async () => {
    const recogniser = await findRecogniser();
    expect(recogniser, 'npm run setup:voices installs pocketsphinx').not.toBeNull();
    let plainErrors = 0;
    let markedErrors = 0;
    for (const c of clips) {
      plainErrors += wordErrorRate(c.text, await transcribe(recogniser!, c.plain, RATE));
      markedErrors += wordErrorRate(c.text, await transcribe(recogniser!, c.marked, RATE));
    }
    expect(markedErrors / clips.length).toBeLessThanOrEqual(plainErrors / clips.length + 0.1);
  }, 120_000);
});
