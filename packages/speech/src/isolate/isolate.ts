/**
 * Voice isolation, built in (decision 096): spectral noise suppression (wiener.ts), then voice-activity gating
 * (voice-gate.ts). Mono 16-bit PCM at 16 kHz in and out, same length. What it removes: steady background noise
 * (hiss, hum, fans, rumble); what it cannot: other voices, music, sudden noises over speech.
 */
import { voiceGate } from './voice-gate';
import { suppressNoise } from './wiener';

export const ISOLATION_RATE = 16000;

/** Speech kept, steady background removed. */
export function isolateVoice(pcm: Int16Array): Int16Array {
  return voiceGate(suppressNoise(pcm), ISOLATION_RATE);
}
