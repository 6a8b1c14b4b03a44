/**
 * The transcription engines of this process (decision 090): the built-in PocketSphinx recogniser when
 * installed, and the remote OpenAI-compatible server when STT_HTTP_URL is set. A request's model id and
 * language pick one; a language no engine can do is refused, never answered with an empty transcript.
 */
import { STT_MODEL_ALIASES } from '@vocalis/domain/transcripts/speech-to-text-rules';
import { httpTranscriptionEngine } from '@vocalis/speech/stt/http-transcription';
import { pocketSphinxEngine } from '@vocalis/speech/stt/pocketsphinx-stt';
import { engineSupports, type SpeechToTextEngine } from '@vocalis/speech/stt/stt-engine';
import type { Config } from '../../config';
import { AppError, badRequest, serviceUnavailable } from '../../errors';

export class SttEngines {
  constructor(
    readonly builtin: SpeechToTextEngine | null,
    readonly remote: SpeechToTextEngine | null,
  ) {}

  /** The engine for a model id and language (ISO 639-1, undefined for detection). */
  pick(modelId: string, language: string | undefined): SpeechToTextEngine {
    const kind = STT_MODEL_ALIASES[modelId];
    if (!kind)
      throw badRequest(
        `Unknown model_id ${JSON.stringify(modelId)}. Use scribe_v1, scribe_v2, whisper-1, vocalis_stt_builtin or vocalis_stt_remote.`,
        'invalid_model_id',
      );
    // The remote server, when there is one, is the better recogniser: it goes first for the aliases.
    const candidates = (
      kind === 'builtin' ? [this.builtin] : kind === 'remote' ? [this.remote] : [this.remote, this.builtin]
    ).filter((e): e is SpeechToTextEngine => e !== null);
    if (!candidates.length)
      throw serviceUnavailable(
        kind === 'remote'
          ? 'No transcription server is configured (STT_HTTP_URL).'
          : 'No speech recogniser is installed on this server (Debian pocketsphinx and pocketsphinx-en-us).',
        'engine_unavailable',
      );
    const engine = candidates.find((e) => engineSupports(e, language));
    if (!engine) {
      const offered = [...new Set(candidates.flatMap((e) => (e.languages === 'any' ? [] : e.languages)))];
      throw new AppError(
        422,
        'unsupported_language',
        `No speech recogniser here can transcribe language ${JSON.stringify(language)}; ` +
          `this server transcribes: ${offered.join(', ')}.`,
      );
    }
    return engine;
  }
}

/** The engines configured for this process. */
export async function createSttEngines(config: Pick<Config, 'sttHttp'>): Promise<SttEngines> {
  const remote = config.sttHttp ? httpTranscriptionEngine(config.sttHttp) : null;
  return new SttEngines(await pocketSphinxEngine(), remote);
}
