import { describe, expect, it } from 'vitest';
import type { SpeechChunk, SynthesisRequest } from '../engine';
import { createRhvoiceEngine, findRhvoice, rhvoiceArgs } from './rhvoice';

const install = findRhvoice();
// In CI the setup script installs RHVoice (scripts/setup-voices.sh): there it must be found.
if (process.env.CI === 'true' && !install)
  throw new Error('CI: RHVoice is not installed (npm run setup:voices)');

describe('rhvoice arguments', () => {
  it('turns prosody multipliers into percentages of the voice, within what RHVoice takes', () => {
    expect(rhvoiceArgs({ text: 'x', voice: 'clb' })).toEqual([
      '-p',
      'clb',
      '-r',
      '100',
      '-t',
      '100',
      '-o',
      '-',
    ]);
    expect(rhvoiceArgs({ text: 'x', voice: 'bdl', prosody: { rate: 1.2, pitch: 0.9 } })).toEqual([
      '-p',
      'bdl',
      '-r',
      '120',
      '-t',
      '90',
      '-o',
      '-',
    ]);
    expect(rhvoiceArgs({ text: 'x', voice: 'bdl', prosody: { rate: 9, pitch: 0.1 } }).slice(2, 6)).toEqual([
      '-r',
      '400',
      '-t',
      '50',
    ]);
  });

  it('finds nothing without the program on PATH', () => {
    expect(findRhvoice({ PATH: '/nonexistent' })).toBeUndefined();
  });
});

describe.skipIf(!install)('rhvoice engine', () => {
  const engine = createRhvoiceEngine(install!);
  const collect = async (r: SynthesisRequest, signal?: AbortSignal) => {
    const out: SpeechChunk[] = [];
    for await (const c of engine.synthesize(r, signal)) out.push(c);
    return out;
  };

  it('offers only the LGPL voices, never lyubov or evgeniy-eng', async () => {
    const ids = (await engine.voices()).map((v) => v.id);
    expect(ids.every((id) => ['clb', 'bdl', 'slt', 'alan'].includes(id))).toBe(true);
    await expect(collect({ text: 'Hello.', voice: 'lyubov' })).rejects.toThrow(/unknown RHVoice voice/);
  });

  it('speaks a sentence at 24 kHz with word timings in order inside the audio', async () => {
    const text = 'Hello there, my friend. The quick brown fox jumps.';
    const chunks = await collect({ text, voice: 'clb', timeOffset: 1 });
    expect(chunks).toHaveLength(1);
    const { pcm, sampleRate, events } = chunks[0]!;
    expect(sampleRate).toBe(24000);
    const seconds = pcm.length / sampleRate;
    expect(seconds).toBeGreaterThan(1.5);
    expect(events.map((e) => e.value)).toEqual(text.match(/[\w']+/g));
    for (const [i, e] of events.entries()) {
      expect(text.slice(e.textStart, e.textEnd)).toBe(e.value);
      expect(e.start).toBeGreaterThanOrEqual(i ? events[i - 1]!.end - 1e-9 : 1);
      expect(e.end).toBeLessThanOrEqual(1 + seconds + 1e-9);
    }
  });

  it('speaks faster at a higher rate', async () => {
    const len = async (rate: number) =>
      (
        await collect({ text: 'The birch canoe slid on the smooth planks.', voice: 'bdl', prosody: { rate } })
      )[0]!.pcm.length;
    expect(await len(1.5)).toBeLessThan((await len(1)) * 0.8);
  });

  it('stops when the request is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(collect({ text: 'Hello.', voice: 'bdl' }, controller.signal)).rejects.toThrow(
      'client went away',
    );
  });
});
