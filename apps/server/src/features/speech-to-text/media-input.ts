/**
 * The audio of a speech-to-text or alignment request: an uploaded file or an http(s) URL fetched with the
 * size limit, checked against the accepted media types, decoded by ffmpeg to 16 kHz mono, its duration read.
 */
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import {
  MAX_TRANSCRIPTION_BYTES,
  MAX_TRANSCRIPTION_SECONDS,
  MIN_TRANSCRIPTION_SECONDS,
  UNSUPPORTED_MEDIA_MESSAGE,
  mediaTypeOf,
} from '@vocalis/domain/transcripts/speech-to-text-rules';
import { AppError, badRequest } from '../../errors';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';

export const RATE = 16000;

export interface UploadedMedia {
  filename: string;
  mimetype: string;
  data: Buffer;
  truncated: boolean;
}

export interface Media {
  bytes: Uint8Array;
  fileName: string;
  type: string;
}

const tooLarge = () =>
  new AppError(413, 'file_too_large', `The file is larger than ${MAX_TRANSCRIPTION_BYTES / 1024 / 1024} MB.`);

/** An uploaded file part, checked; undefined when none was sent. */
export function uploadedMedia(file: unknown): Media | undefined {
  if (file === undefined || file === null || file === '') return undefined;
  const f = file as UploadedMedia;
  if (Array.isArray(file) || typeof file !== 'object' || !Buffer.isBuffer(f.data))
    throw badRequest(
      'file must be one audio or video file sent as a multipart part named file.',
      'invalid_file',
    );
  if (f.truncated) throw tooLarge();
  const type = mediaTypeOf(f.filename, f.mimetype);
  if (!type) throw badRequest(UNSUPPORTED_MEDIA_MESSAGE, 'unsupported_media_type');
  return { bytes: f.data, fileName: f.filename, type };
}

/**
 * Downloads an http(s) URL, refusing other schemes, private and loopback addresses (unless allowed;
 * lib/public-fetch.ts), failures and files over the size limit.
 */
export async function fetchMedia(url: string, allowPrivate: boolean, signal?: AbortSignal): Promise<Media> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('cloud_storage_url must be an http or https URL.', 'invalid_cloud_storage_url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw badRequest('cloud_storage_url must be an http or https URL.', 'invalid_cloud_storage_url');
  const res = await publicFetch(parsed, {
    signal: AbortSignal.any([AbortSignal.timeout(120_000), ...(signal ? [signal] : [])]),
    allowPrivate,
  }).catch((err: unknown) => {
    if (isPrivateAddressRefusal(err)) {
      throw badRequest(
        'cloud_storage_url must be a public address: private, loopback and link-local addresses are refused.',
        'cloud_storage_url_refused',
      );
    }
    return null;
  });
  if (!res || !res.ok || !res.body)
    throw badRequest(
      `cloud_storage_url could not be downloaded${res ? ` (HTTP ${res.status})` : ''}.`,
      'cloud_storage_url_unreachable',
    );
  if (Number(res.headers.get('content-length') ?? 0) > MAX_TRANSCRIPTION_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    size += chunk.length;
    if (size > MAX_TRANSCRIPTION_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const fileName = decodeURIComponent(parsed.pathname.split('/').pop() || 'audio');
  const type = mediaTypeOf(fileName, res.headers.get('content-type') ?? undefined);
  if (!type) throw badRequest(UNSUPPORTED_MEDIA_MESSAGE, 'unsupported_media_type');
  return { bytes: Buffer.concat(chunks), fileName, type };
}

/** Decodes the media to 16 kHz mono PCM (pcm_s16le_16 input is taken as it is) and checks its length. */
export async function decodeMedia(media: Media, rawPcm = false): Promise<Int16Array> {
  let pcm: Int16Array;
  if (rawPcm) {
    const b = media.bytes;
    pcm = new Int16Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength - (b.byteLength % 2)));
  } else {
    try {
      pcm = await decodeAudio(media.bytes, RATE);
    } catch {
      pcm = new Int16Array(0);
    }
    if (!pcm.length)
      throw badRequest('The file could not be decoded as audio (no audio stream found).', 'invalid_audio');
  }
  const seconds = pcm.length / RATE;
  if (seconds < MIN_TRANSCRIPTION_SECONDS)
    throw badRequest('The audio is shorter than 100 ms.', 'audio_too_short');
  if (seconds > MAX_TRANSCRIPTION_SECONDS)
    throw badRequest(`The audio is longer than ${MAX_TRANSCRIPTION_SECONDS / 3600} hours.`, 'audio_too_long');
  return pcm;
}
