/**
 * Makes a clip's audio through the product's own services, charged as they charge (decision 222): text to
 * speech (characters, the plan's concurrency, a key's own limit), speech to speech (characters per minute of
 * input) and sound effects (sound-effect seconds). Nothing goes to speech history: the clip keeps the audio.
 */
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import type { Principal } from '../../plugins/auth';
import type { SoundEffectsService } from '../sound-effects/sound-effects.service';
import type { SpeechToSpeechService } from '../speech-to-speech/speech-to-speech.service';
import type { TextToSpeechService } from '../tts/tts.service';
import type { UploadedFile } from '../voices/voice-samples';

/** Clips are mp3 at 44.1 kHz: the browser plays them in the preview, the export decodes them. */
export const CLIP_RATE = 44100;
const CLIP_FORMAT = parseOutputFormat('mp3_44100_128')!;

export type ClipRequest =
  | { kind: 'tts'; text: string; voiceId: string; modelId?: string }
  | { kind: 'sfx'; text: string; durationSeconds?: number }
  | { kind: 'sts'; voiceId: string; source: UploadedFile };

export interface ClipAudio {
  mp3: Uint8Array;
  seconds: number;
  /** Characters (tts, sts) or sound-effect seconds (sfx) the generation cost. */
  charged: number;
}

export class ClipAudioMaker {
  constructor(
    private readonly tts: TextToSpeechService,
    private readonly sts: SpeechToSpeechService,
    private readonly sfx: SoundEffectsService,
  ) {}

  async make(caller: Principal, requestId: string, r: ClipRequest, signal: AbortSignal): Promise<ClipAudio> {
    let mp3: Uint8Array;
    let charged: number;
    if (r.kind === 'tts') {
      const g = await this.tts.prepare({
        userId: caller.userId,
        caller,
        requestId,
        voice: await this.tts.voices.profileFor(caller.userId, r.voiceId),
        body: {
          text: r.text,
          apply_text_normalization: 'auto',
          ...(r.modelId ? { model_id: r.modelId } : {}),
        },
        target: CLIP_FORMAT,
        enableLogging: false,
        source: 'voiceover',
      });
      mp3 = (await this.tts.convert(g, signal)).audio;
      charged = g.characters;
    } else if (r.kind === 'sts') {
      const out = await this.sts.convert({
        userId: caller.userId,
        caller,
        requestId,
        voiceId: r.voiceId,
        fields: {},
        file: r.source,
        format: CLIP_FORMAT,
        enableLogging: false,
        signal,
      });
      mp3 = out.audio;
      charged = out.characters;
    } else {
      const out = await this.sfx.generate({
        caller,
        requestId,
        body: { text: r.text, duration_seconds: r.durationSeconds ?? null },
        format: CLIP_FORMAT,
        enableLogging: false,
        signal,
      });
      mp3 = out.audio;
      charged = out.chargedSeconds;
    }
    const pcm = await decodeAudio(mp3, CLIP_RATE);
    return { mp3, seconds: pcm.length / CLIP_RATE, charged };
  }
}
