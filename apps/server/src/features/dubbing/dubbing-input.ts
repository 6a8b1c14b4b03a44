/**
 * The source of a dub: an uploaded file or a `source_url` fetched through the outbound guard (public
 * addresses only, decision 044), checked against the accepted media types and sizes, probed for a picture
 * and its length. The manual mode's CSV and optional foreground/background tracks come in here too.
 */
import { runFfmpeg, decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { MAX_DUBBING_BYTES } from '@vocalis/domain/dubbing/dubbing-rules';
import { UNSUPPORTED_MEDIA_MESSAGE, mediaTypeOf } from '@vocalis/domain/transcripts/speech-to-text-rules';
import { AppError, badRequest } from '../../errors';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';
import type { UploadedMedia } from '../speech-to-text/media-input';

export interface DubSource {
  bytes: Uint8Array;
  fileName: string;
  /** The accepted type's short name (`mp4`, `wav` …). */
  type: string;
}

/** Everything the pipeline decodes at: 16 kHz mono for the recogniser and the isolator. */
export const SOURCE_RATE = 16000;

const tooLarge = () =>
  new AppError(413, 'file_too_large', `The file is larger than ${MAX_DUBBING_BYTES / 1024 / 1024} MB.`);

function part(file: unknown, name: string): UploadedMedia | undefined {
  if (file === undefined || file === null || file === '') return undefined;
  const f = file as UploadedMedia;
  if (Array.isArray(file) || typeof file !== 'object' || !Buffer.isBuffer(f.data))
    throw badRequest(`${name} must be one file sent as a multipart part named ${name}.`, 'invalid_file');
  if (f.truncated) throw tooLarge();
  return f;
}

/** An uploaded media part, checked; undefined when none was sent. */
export function uploadedSource(file: unknown, name = 'file'): DubSource | undefined {
  const f = part(file, name);
  if (!f) return undefined;
  const type = mediaTypeOf(f.filename, f.mimetype);
  if (!type) throw badRequest(UNSUPPORTED_MEDIA_MESSAGE, 'unsupported_media_type');
  return { bytes: f.data, fileName: f.filename, type };
}

/** The text of an uploaded CSV part; undefined when none was sent. */
export function uploadedCsv(file: unknown): string | undefined {
  const f = part(file, 'csv_file');
  return f ? f.data.toString('utf8') : undefined;
}

/** Downloads `source_url` (http or https, public addresses unless allowed, the size limit). */
export async function fetchSource(url: string, allowPrivate: boolean): Promise<DubSource> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('source_url must be an http or https URL.', 'invalid_source_url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw badRequest('source_url must be an http or https URL.', 'invalid_source_url');
  const res = await publicFetch(parsed, { signal: AbortSignal.timeout(120_000), allowPrivate }).catch(
    (err: unknown) => {
      if (isPrivateAddressRefusal(err))
        throw badRequest(
          'source_url must be a public address: private, loopback and link-local addresses are refused.',
          'source_url_refused',
        );
      return null;
    },
  );
  if (!res || !res.ok || !res.body)
    throw badRequest(
      `source_url could not be downloaded${res ? ` (HTTP ${res.status})` : ''}.`,
      'source_url_unreachable',
    );
  if (Number(res.headers.get('content-length') ?? 0) > MAX_DUBBING_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.length;
    if (size > MAX_DUBBING_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  const fileName = decodeURIComponent(parsed.pathname.split('/').pop() || 'media');
  const type = mediaTypeOf(fileName, res.headers.get('content-type') ?? undefined);
  if (!type) throw badRequest(UNSUPPORTED_MEDIA_MESSAGE, 'unsupported_media_type');
  return { bytes: Buffer.concat(chunks), fileName, type };
}

/** Whether the media has a picture (a video stream ffmpeg can copy). */
export async function hasVideo(bytes: Uint8Array): Promise<boolean> {
  try {
    await runFfmpeg(
      ['-i', 'in.bin', '-map', '0:v:0', '-c', 'copy', '-frames:v', '1', 'probe.mkv'],
      { 'in.bin': bytes },
      'probe.mkv',
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the picture is H.264, which browsers play inside mp4 (the dub copies it then; other codecs are
 * encoded again): the Annex B filter accepts only H.264.
 */
export async function isH264(bytes: Uint8Array): Promise<boolean> {
  try {
    await runFfmpeg(
      [
        '-i',
        'in.bin',
        '-map',
        '0:v:0',
        '-c',
        'copy',
        '-bsf:v',
        'h264_mp4toannexb',
        '-frames:v',
        '1',
        '-f',
        'h264',
        'probe.h264',
      ],
      { 'in.bin': bytes },
      'probe.h264',
    );
    return true;
  } catch {
    return false;
  }
}

/** The whole audio at SOURCE_RATE; refuses media without a decodable audio stream. */
export async function sourceAudio(bytes: Uint8Array): Promise<Int16Array> {
  let pcm: Int16Array;
  try {
    pcm = await decodeAudio(bytes, SOURCE_RATE);
  } catch {
    pcm = new Int16Array(0);
  }
  if (pcm.length < SOURCE_RATE / 10)
    throw badRequest('The file could not be decoded as audio (no audio stream found).', 'invalid_audio');
  return pcm;
}
