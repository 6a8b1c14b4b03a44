/** The ElevenLabs `output_format` values we serve, parsed into typed descriptors. */

/** A parsed output format. */
export interface OutputFormat {
  id: string;
  codec: 'mp3' | 'pcm' | 'wav' | 'ulaw' | 'alaw' | 'opus';
  sampleRate: number;
  /** kbps for mp3 and opus. */
  bitrate?: number;
  contentType: string;
  extension: string;
}

const PCM_RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000];
const MP3 = ['22050_32', '24000_48', '44100_32', '44100_64', '44100_96', '44100_128', '44100_192'];
const OPUS_KBPS = [32, 64, 96, 128, 192];

const TABLE = new Map<string, OutputFormat>();
const add = (f: OutputFormat) => TABLE.set(f.id, f);
for (const m of MP3) {
  const [rate, kbps] = m.split('_').map(Number) as [number, number];
  add({
    id: `mp3_${m}`,
    codec: 'mp3',
    sampleRate: rate,
    bitrate: kbps,
    contentType: 'audio/mpeg',
    extension: 'mp3',
  });
}
for (const rate of PCM_RATES) {
  // pcm_* is headerless little-endian signed 16-bit mono, as ElevenLabs sends it.
  add({ id: `pcm_${rate}`, codec: 'pcm', sampleRate: rate, contentType: 'audio/pcm', extension: 'pcm' });
  add({ id: `wav_${rate}`, codec: 'wav', sampleRate: rate, contentType: 'audio/wav', extension: 'wav' });
}
// G.711 as raw bytes, the way telephony providers (Twilio) take it.
add({ id: 'ulaw_8000', codec: 'ulaw', sampleRate: 8000, contentType: 'audio/basic', extension: 'ulaw' });
add({
  id: 'alaw_8000',
  codec: 'alaw',
  sampleRate: 8000,
  contentType: 'audio/x-alaw-basic',
  extension: 'alaw',
});
for (const kbps of OPUS_KBPS)
  add({
    id: `opus_48000_${kbps}`,
    codec: 'opus',
    sampleRate: 48000,
    bitrate: kbps,
    contentType: 'audio/ogg',
    extension: 'ogg',
  });

/** Every supported `output_format` value. */
export const OUTPUT_FORMATS: readonly string[] = [...TABLE.keys()];

/** The default ElevenLabs uses when the query has none. */
export const DEFAULT_OUTPUT_FORMAT = 'mp3_44100_128';

/** Parses an `output_format` value; null means unsupported (the API answers 422). */
export function parseOutputFormat(value: string): OutputFormat | null {
  return TABLE.get(value) ?? null;
}
