/**
 * Voice isolation (docs/decisions/096): clean speech, human (Debian's asterisk-core-sounds-en-wav prompts, CC-BY-SA,
 * 8 kHz) and synthetic (Flite slt), mixed with steady noises (white, pink, mains hum with hiss) at 0 and 5 dB SNR,
 * then isolated by the built-in suppressor alone and with the voice gate. Prints the SNR against the clean speech
 * before and after, and CPU seconds per second of audio.
 * Run: npx tsx bench/voice-isolation.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resample } from '@vocalis/speech/audio/resample';
import { decodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { isolateVoice } from '@vocalis/speech/isolate/isolate';
import { makeNoise, mixAtSnr, snrDb, type NoiseKind } from '@vocalis/speech/isolate/snr';
import { suppressNoise } from '@vocalis/speech/isolate/wiener';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';

const RATE = 16000;
const SOUNDS = '/usr/share/asterisk/sounds/en';

/** The 10 longest asterisk prompts joined with 0.3 s pauses (about 40 s of one human speaker). */
async function human(): Promise<Int16Array> {
  const files = readdirSync(SOUNDS)
    .filter((f) => f.endsWith('.wav'))
    .map((f) => ({ f, size: readFileSync(`${SOUNDS}/${f}`).byteLength }))
    .sort((a, b) => b.size - a.size || a.f.localeCompare(b.f))
    .slice(0, 10);
  const parts: Int16Array[] = [];
  for (const { f } of files) {
    const wav = decodeWav(new Uint8Array(readFileSync(`${SOUNDS}/${f}`)));
    parts.push(await resample(wav.pcm, wav.sampleRate, RATE), new Int16Array(RATE * 0.3));
  }
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const synthetic = async () => {
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'slt',
    text: EVERYDAY_SENTENCES.slice(0, 6).join(' '),
    speakerBoost: true,
  });
  return resample(s.pcm, s.sampleRate, RATE);
};

const sources: [string, Int16Array][] = [
  ['human (asterisk prompts, 10)', await human()],
  ['synthetic (Flite slt, 6 sentences)', await synthetic()],
];
console.log(
  '| speech | noise | input SNR | suppressor only | + voice gate | improvement | CPU s per audio s |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const [name, clean] of sources)
  for (const kind of ['white', 'pink', 'hum'] as NoiseKind[])
    for (const db of [0, 5]) {
      const mix = mixAtSnr(clean, makeNoise(kind, 10, RATE), db);
      const before = snrDb(clean, mix);
      const suppressed = snrDb(clean, suppressNoise(mix));
      const started = process.cpuUsage();
      const out = isolateVoice(mix);
      const cpu = process.cpuUsage(started);
      const after = snrDb(clean, out);
      console.log(
        `| ${name} | ${kind} | ${before.toFixed(1)} dB | ${suppressed.toFixed(1)} dB | ${after.toFixed(1)} dB | +${(after - before).toFixed(1)} dB | ${((cpu.user + cpu.system) / 1e6 / (clean.length / RATE)).toFixed(3)} |`,
      );
    }
