import { encodeMulaw } from '@vocalis/speech/audio/g711';
import { describe, expect, it } from 'vitest';
import { decodeMulaw, fromLine, toLine } from './telephone-audio';

describe('telephone audio', () => {
  it('decodes µ-law back to within one quantisation step of the original samples', () => {
    const samples = Int16Array.from([0, 1, -1, 100, -100, 1000, -1000, 8000, -8000, 32000, -32000]);
    const back = decodeMulaw(encodeMulaw(samples));
    samples.forEach((s, i) => {
      // µ-law steps grow with the magnitude: 1/16 of the value plus the bias is a safe bound.
      expect(Math.abs(back[i]! - s)).toBeLessThanOrEqual(Math.abs(s) / 16 + 8);
    });
    expect(decodeMulaw(Uint8Array.from([0xff, 0x7f]))).toEqual(Int16Array.from([0, 0]));
    expect(decodeMulaw(Uint8Array.from([0x00, 0x80]))).toEqual(Int16Array.from([-32124, 32124]));
  });

  it('carries a tone to the line and back at the same pitch and length', async () => {
    const tone = Int16Array.from({ length: 16000 }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)),
    );
    const line = await toLine(tone, 16000);
    expect(line.length).toBe(8000);
    const back = await fromLine(line);
    const pcm = new Int16Array(back.buffer, back.byteOffset, back.length / 2);
    expect(pcm.length).toBe(16000);
    let crossings = 0;
    for (let i = 1000; i < 15000; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
    // 440 Hz over 14,000 samples at 16 kHz: 770 zero crossings.
    expect(Math.abs(crossings - 770)).toBeLessThanOrEqual(4);
  });
});
