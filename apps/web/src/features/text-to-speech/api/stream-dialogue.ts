import type { DialogueBody } from '@vocalis/contracts/text-to-dialogue';

import { postAudioStream, type SpeechStream } from './stream-speech';

/**
 * POST /v1/text-to-dialogue/stream?output_format=mp3_44100_128: every line spoken by its voice, one
 * after another, streamed as each sentence is ready.
 */
export function streamDialogue(
  body: Pick<DialogueBody, 'inputs' | 'model_id' | 'pronunciation_dictionary_locators'>,
  signal?: AbortSignal,
): Promise<SpeechStream> {
  return postAudioStream('/v1/text-to-dialogue/stream', body, signal);
}
