import { describe, expect, it } from 'vitest';
import { createFliteEngine } from '../engines/flite';
import { resample } from '../audio/resample';
import { synthesizeToPcm } from '../synthesize';
import { TurnDetector, type TurnEvent } from './turn-detector';

const silence = (ms: number) => new Int16Array((16000 * ms) / 1000);
function noise(ms: number, amplitude: number, seed = 1): Int16Array {
  const out = new Int16Array((16000 * ms) / 1000);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = ((s / 0x7fffffff) * 2 - 1) * amplitude;
  }
  return out;
}
const feed = (d: TurnDetector, pcm: Int16Array, chunk = 4000) => {
  const events: TurnEvent[] = [];
  for (let i = 0; i < pcm.length; i += chunk) events.push(...d.push(pcm.subarray(i, i + chunk)));
  return events;
};
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('TurnDetector', () => {
  it('finds one turn in synthesized speech between silences and hands back all of it', async () => {
    const s = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'slt',
      text: 'What time do you open on Sunday?',
    });
    const speech = await resample(s.pcm, s.sampleRate, 16000);
    const d = new TurnDetector();
    const events = feed(d, concat(silence(500), speech, silence(1200)));
    expect(events.map((e) => e.type)).toEqual(['speech_start', 'turn_end']);
    const end = events[1] as Extract<TurnEvent, { type: 'turn_end' }>;
    expect(end.forced).toBe(false);
    expect(end.pcm.length).toBeGreaterThanOrEqual(speech.length * 0.9);
  });

  it('ignores steady background noise and a click', () => {
    const d = new TurnDetector();
    const events = feed(d, concat(noise(2000, 300), noise(40, 20000, 7), noise(2000, 300, 3)));
    expect(events).toEqual([]);
  });

  it('ends a turn that goes on past the longest allowed', () => {
    const d = new TurnDetector({ maxTurnMs: 1000 });
    const events = feed(d, concat(silence(200), noise(1500, 12000)));
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['speech_start', 'turn_end']);
    expect((events[1] as { forced: boolean }).forced).toBe(true);
  });
});
