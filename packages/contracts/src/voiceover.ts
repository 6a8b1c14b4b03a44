import { z } from 'zod';
import { MAX_CLIP_TEXT, MAX_VOLUME } from '@vocalis/domain/voiceover/voiceover-rules';

/** Voiceover studio (decisions 220-223): projects over a video, tracks of generated clips, the mixed export. */
const volume = z.number().min(0).max(MAX_VOLUME);
const seconds = z
  .number()
  .min(0)
  .max(24 * 3600);
const file = (what: string) => z.unknown().optional().meta({ description: what });

export const voiceoverClip = z
  .object({
    clip_id: z.string(),
    kind: z.enum(['tts', 'sts', 'sfx']),
    text: z.string(),
    voice_id: z.string().nullable(),
    audio_seconds: z.number(),
    start_time: z.number(),
    trim_start: z.number(),
    trim_end: z.number(),
    volume: z.number(),
    charged: z.number(),
    stale: z.boolean(),
  })
  .meta({ id: 'VoiceoverClip' });
export type VoiceoverClipDto = z.infer<typeof voiceoverClip>;

export const voiceoverTrack = z
  .object({
    track_id: z.string(),
    name: z.string(),
    volume: z.number(),
    muted: z.boolean(),
    clips: z.array(voiceoverClip),
  })
  .meta({ id: 'VoiceoverTrack' });
export type VoiceoverTrackDto = z.infer<typeof voiceoverTrack>;

export const voiceoverProject = z
  .object({
    project_id: z.string(),
    name: z.string(),
    video_content_type: z.string(),
    duration: z.number(),
    video_volume: z.number(),
    tracks: z.array(voiceoverTrack),
    export_status: z.enum(['none', 'exporting', 'exported', 'failed']),
    export_progress: z.number().int(),
    export_error: z.string().optional(),
    /** The export mixes the current tracks (no change since it was made). */
    export_current: z.boolean(),
    version: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'VoiceoverProject' });
export type VoiceoverProjectDto = z.infer<typeof voiceoverProject>;

export const voiceoverProjects = z.object({ projects: z.array(voiceoverProject) });
export type VoiceoverProjectsDto = z.infer<typeof voiceoverProjects>;

/** POST /v1/voiceover (multipart): the video and a name. */
export const voiceoverCreateFields = z.looseObject({
  file: file('The video (mp4, webm, mov, mkv, avi …) with or without sound.'),
  name: z.string().max(200).optional(),
});

export const voiceoverProjectParams = z.object({ project_id: z.string().min(1).max(64) });
export const voiceoverTrackParams = voiceoverProjectParams.extend({ track_id: z.string().min(1).max(64) });
export const voiceoverClipParams = voiceoverTrackParams.extend({ clip_id: z.string().min(1).max(64) });

export const voiceoverProjectUpdate = z
  .object({ name: z.string().trim().min(1).max(200).optional(), video_volume: volume.optional() })
  .strict();
export const voiceoverTrackCreate = z.object({ name: z.string().trim().min(1).max(100).optional() }).strict();
export const voiceoverTrackUpdate = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    volume: volume.optional(),
    muted: z.boolean().optional(),
  })
  .strict();

/** A text-to-speech or sound-effect clip (JSON); speech to speech is multipart on its own route. */
export const voiceoverClipCreate = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('tts'),
      text: z.string().trim().min(1).max(MAX_CLIP_TEXT),
      voice_id: z.string().min(1).max(64),
      model_id: z.string().max(64).optional(),
      start_time: seconds.default(0),
      volume: volume.default(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('sfx'),
      text: z.string().trim().min(1).max(MAX_CLIP_TEXT),
      duration_seconds: z.number().min(0.5).max(30).optional(),
      start_time: seconds.default(0),
      volume: volume.default(1),
    })
    .strict(),
]);
export type VoiceoverClipCreate = z.infer<typeof voiceoverClipCreate>;

const formNumber = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/** POST …/clips/speech-to-speech (multipart). */
export const voiceoverStsFields = z.looseObject({
  audio: file('The speech to convert (any audio type speech to speech accepts).'),
  voice_id: z.string().min(1).max(64),
  start_time: formNumber.pipe(seconds).optional(),
  volume: formNumber.pipe(volume).optional(),
});

export const voiceoverClipUpdate = z
  .object({
    start_time: seconds.optional(),
    trim_start: seconds.optional(),
    trim_end: seconds.optional(),
    volume: volume.optional(),
    text: z.string().trim().min(1).max(MAX_CLIP_TEXT).optional(),
    voice_id: z.string().min(1).max(64).optional(),
    /** Moves the clip to another track of the project. */
    track_id: z.string().min(1).max(64).optional(),
  })
  .strict();
export type VoiceoverClipUpdate = z.infer<typeof voiceoverClipUpdate>;

export const voiceoverExportStarted = z.object({ status: z.literal('exporting') });
export const voiceoverDeleted = z.object({ status: z.literal('ok') });
