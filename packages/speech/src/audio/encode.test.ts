import { describe, expect, it } from 'vitest';
import { encodeAudio } from './encode';
import { decodeAudio } from './ffmpeg';
import { OUTPUT_FORMATS, parseOutputFormat } from './output-format';

// 1.5 s of a gliding tone at 22,050 Hz, the eSpeak rate.
const RATE = 22050;
const SECONDS = 1.5;
const tone = Int16Array.from({ length: RATE * SECONDS }, (_, i) =>
  Math.round(12000 * Math.sin((2 * Math.PI * (200 + i / 100) * i) / RATE)),
);

/** ffmpeg input options for the headerless formats. */
function rawInput(id: string): string[] {
  const f = parseOutputFormat(id)!;
  if (f.codec === 'pcm') return ['-f', 's16le', '-ar', String(f.sampleRate), '-ac', '1'];
  if (f.codec === 'ulaw') return ['-f', 'mulaw', '-ar', '8000', '-ac', '1'];
  if (f.codec === 'alaw') return ['-f', 'alaw', '-ar', '8000', '-ac', '1'];
  return [];
}

describe('parseOutputFormat', () => {
  it('knows every ElevenLabs format with its content type', () => {
    expect(parseOutputFormat('mp3_44100_128')).toMatchObject({
      codec: 'mp3',
      sampleRate: 44100,
      bitrate: 128,
      contentType: 'audio/mpeg',
    });
    expect(parseOutputFormat('pcm_16000')).toMatchObject({
      codec: 'pcm',
      sampleRate: 16000,
      contentType: 'audio/pcm',
    });
    expect(parseOutputFormat('wav_48000')).toMatchObject({ codec: 'wav', contentType: 'audio/wav' });
    expect(parseOutputFormat('ulaw_8000')).toMatchObject({ codec: 'ulaw', contentType: 'audio/basic' });
    expect(parseOutputFormat('opus_48000_64')).toMatchObject({ codec: 'opus', bitrate: 64 });
    expect(OUTPUT_FORMATS.length).toBe(28);
  });

  it.each(['mp3_44100_320', 'pcm_11025', 'flac_44100', '', 'MP3_44100_128', 'opus_24000_32'])(
    'returns null for unsupported %j',
    (v) => {
      expect(parseOutputFormat(v)).toBeNull();
    },
  );
});

describe('encodeAudio', () => {
  it.each(OUTPUT_FORMATS)('encodes %s and decodes back to the same duration', async (id) => {
    const bytes = await encodeAudio(tone, RATE, id);
    const decoded = await decodeAudio(bytes, 16000, rawInput(id));
    const seconds = decoded.length / 16000;
    expect(seconds).toBeGreaterThan(SECONDS * 0.9);
    expect(seconds).toBeLessThan(SECONDS * 1.1);
    // The tone survived: not silence.
    expect(Math.max(...decoded.subarray(4000, 20000))).toBeGreaterThan(6000);
  });

  it('rejects an unsupported format', async () => {
    await expect(encodeAudio(tone, RATE, 'mp3_1_1')).rejects.toThrow(/unsupported/);
  });
});
