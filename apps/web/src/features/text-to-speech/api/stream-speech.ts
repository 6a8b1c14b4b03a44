import type { TtsBody } from '@vocalis/contracts/text-to-speech';

import { HttpError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export const OUTPUT_FORMAT = 'mp3_44100_128';

export type SpeechStream = {
  body: ReadableStream<Uint8Array>;
  /** The history item of this generation, when the server records one ('history-item-id' header). */
  historyItemId: string | null;
};

/**
 * POST /v1/text-to-speech/{voice_id}/stream?output_format=mp3_44100_128: the audio arrives as each
 * sentence is ready. Errors come back as JSON before any audio, and are raised as the API client does.
 */
export function streamSpeech(
  voiceId: string,
  body: Pick<TtsBody, 'text' | 'model_id' | 'voice_settings' | 'pronunciation_dictionary_locators'>,
  signal?: AbortSignal,
): Promise<SpeechStream> {
  return postAudioStream(`/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream`, body, signal);
}

/** POSTs JSON to a streaming speech endpoint (mp3_44100_128) and hands back the audio body. */
export async function postAudioStream(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<SpeechStream> {
  let response: Response;
  try {
    response = await fetch(`${path}?output_format=${OUTPUT_FORMAT}`, {
      method: 'POST',
      credentials: 'include',
      signal,
      headers: { 'Content-Type': 'application/json', Accept: 'audio/mpeg, application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(0, NETWORK_ERROR_MESSAGE, 'network');
  }
  if (!response.ok) {
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      // Unreadable error body: fall through with the status text.
    }
    const detail = (payload as { detail?: unknown } | null)?.detail;
    const message =
      detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string'
        ? detail.message
        : Array.isArray(detail) && typeof (detail[0] as { msg?: unknown })?.msg === 'string'
          ? String((detail[0] as { msg: string }).msg)
          : response.statusText || `Request failed with status ${response.status}`;
    const type =
      detail && typeof detail === 'object' && 'status' in detail && typeof detail.status === 'string'
        ? detail.status
        : 'unknown';
    throw new HttpError(response.status, message, type, payload);
  }
  // "Response body can not be null" (§8, streaming errors).
  if (!response.body) throw new HttpError(0, 'Response body can not be null', 'unknown');
  return { body: response.body, historyItemId: response.headers.get('history-item-id') };
}
