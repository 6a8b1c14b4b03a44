/**
 * Speaks a design call's previews: one text in each preview's voice, through the same planning, quota
 * and speech workers as text to speech. The text is charged once per call, like a text-to-speech request
 * of that text (decision 075); a failed call gives the characters back.
 */
import { encodeAudio } from '@vocalis/speech/audio/encode';
import { parseOutputFormat, type OutputFormat } from '@vocalis/speech/audio/output-format';
import type { ChargeableCaller } from '../api-keys/api-keys.service';
import { speechJobOf } from '../tts/speech-job';
import type { SpeechRunner } from '../tts/speech-runner';
import type { Generation } from '../tts/tts-generation';
import type { TextToSpeechService } from '../tts/tts.service';
import type { CatalogueVoice } from '../voices/voice-builders';

/** Previews are rendered as PCM first (their duration is the sample count), then encoded. */
const PCM_RATE = 24000;
const PCM = parseOutputFormat(`pcm_${PCM_RATE}`)!;

export interface SpokenPreview {
  audio: Uint8Array;
  durationSeconds: number;
}

export interface PreviewSpeechRequest {
  userId: string;
  caller: ChargeableCaller;
  requestId: string;
  text: string;
  voices: CatalogueVoice[];
  format: OutputFormat;
  signal: AbortSignal;
}

/** The previews' audio in order, or the first failure (nothing charged then). */
export async function speakPreviews(
  tts: TextToSpeechService,
  speech: SpeechRunner,
  r: PreviewSpeechRequest,
): Promise<SpokenPreview[]> {
  const generations: Generation[] = [];
  for (const voice of r.voices)
    generations.push(
      await tts.prepareLines({
        userId: r.userId,
        caller: r.caller,
        requestId: r.requestId,
        lines: [{ text: r.text, voice }],
        options: { apply_text_normalization: 'auto' },
        target: PCM,
        enableLogging: false,
        source: 'text_to_speech',
      }),
    );
  // One charge for the call: the text's characters, as a text-to-speech request of it costs.
  const charged: Generation = { ...generations[0]!, characters: r.text.length };
  await tts.beginGeneration(charged);
  const out: SpokenPreview[] = [];
  try {
    for (const g of generations) {
      const chunks: Uint8Array[] = [];
      for await (const part of speech.run(speechJobOf(g), r.signal)) chunks.push(part.audio);
      const pcm = toInt16(chunks);
      out.push({ audio: await encodeAudio(pcm, PCM_RATE, r.format), durationSeconds: pcm.length / PCM_RATE });
    }
  } catch (error) {
    await tts.completeGeneration(
      charged,
      r.signal.aborted ? { status: 'aborted' } : { status: 'failed', error },
    );
    throw error;
  }
  await tts.completeGeneration(charged, {
    status: 'completed',
    audio: out[0]!.audio,
    contentType: r.format.contentType,
  });
  return out;
}

function toInt16(chunks: Uint8Array[]): Int16Array {
  const bytes = chunks.reduce((n, c) => n + c.byteLength, 0);
  const pcm = new Int16Array(bytes >> 1);
  const view = new Uint8Array(pcm.buffer);
  let at = 0;
  for (const c of chunks) {
    view.set(c.subarray(0, Math.min(c.byteLength, view.byteLength - at)), at);
    at += c.byteLength;
  }
  return pcm;
}
