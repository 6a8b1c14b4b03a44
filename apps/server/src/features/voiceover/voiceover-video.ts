/**
 * The video of a voiceover project (decision 221): any accepted video upload becomes an mp4 every browser
 * plays (H.264 copied when it is H.264, encoded otherwise; its sound as AAC), with its length measured from
 * the picture and the sound, whichever runs longer.
 */
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { badRequest } from '../../errors';
import { hasVideo, isH264, uploadedSource } from '../dubbing/dubbing-input';

/** Frames per second the picture is counted at (its length to within a frame). */
const COUNT_FPS = 25;
/** The longest video a project takes (the export mixes it in memory). */
export const MAX_VOICEOVER_SECONDS = 20 * 60;

export interface ProjectVideo {
  mp4: Uint8Array;
  seconds: number;
  fileName: string;
}

const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

/** The mp4 the project keeps, with the video's own sound (if any) as AAC. */
export function toMp4(bytes: Uint8Array, video: string[]): Promise<Uint8Array> {
  return runFfmpeg(
    [
      '-i',
      'in.bin',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...video,
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      'out.mp4',
    ],
    { 'in.bin': bytes },
    'out.mp4',
  );
}

async function pictureSeconds(mp4: Uint8Array): Promise<number> {
  const raw = await runFfmpeg(
    [
      '-i',
      'in.mp4',
      '-map',
      '0:v:0',
      '-vf',
      `fps=${COUNT_FPS},scale=2:2`,
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      'out.raw',
    ],
    { 'in.mp4': mp4 },
    'out.raw',
  );
  return raw.length / 4 / COUNT_FPS;
}

/** The sound of the project's mp4 at `rate` (silence when it has none). */
export async function videoSound(mp4: Uint8Array, rate: number): Promise<Int16Array> {
  try {
    return await decodeAudio(mp4, rate);
  } catch {
    return new Int16Array(0);
  }
}

/** Checks and converts an uploaded `file` part. */
export async function projectVideo(file: unknown): Promise<ProjectVideo> {
  const source = uploadedSource(file);
  if (!source) throw badRequest('Send the video as a multipart part named file.', 'missing_file');
  if (!(await hasVideo(source.bytes)))
    throw badRequest('The file has no picture: the voiceover studio needs a video.', 'not_a_video');
  const mp4 = (await isH264(source.bytes))
    ? await toMp4(source.bytes, ['-c:v', 'copy']).catch(() => toMp4(source.bytes, ENCODE))
    : await toMp4(source.bytes, ENCODE);
  const seconds = Math.max(await pictureSeconds(mp4), (await videoSound(mp4, 8000)).length / 8000);
  if (seconds <= 0) throw badRequest('The video could not be decoded.', 'invalid_video');
  if (seconds > MAX_VOICEOVER_SECONDS)
    throw badRequest(`The video is longer than ${MAX_VOICEOVER_SECONDS / 60} minutes.`, 'video_too_long');
  return { mp4, seconds, fileName: source.fileName };
}
