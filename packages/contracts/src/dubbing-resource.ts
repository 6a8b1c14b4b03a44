import { z } from 'zod';

/** The SDK's DubbingMediaReference. */
const mediaRef = z.object({
  src: z.string(),
  content_type: z.string(),
  bucket_name: z.string(),
  random_path_slug: z.string(),
  duration_secs: z.number(),
  is_audio: z.boolean(),
  url: z.string(),
});
const frame = z.object({ start_time: z.number(), end_time: z.number(), lines: z.array(z.string()) });

/** The SDK's DubbingResource (dubbing.resource.get). */
export const dubbingResource = z
  .object({
    id: z.string(),
    version: z.number().int(),
    source_language: z.string(),
    target_languages: z.array(z.string()),
    input: mediaRef,
    speaker_tracks: z.record(
      z.string(),
      z.object({
        id: z.string(),
        media_ref: mediaRef,
        speaker_name: z.string(),
        voices: z.record(z.string(), z.string()),
        segments: z.array(z.string()),
      }),
    ),
    speaker_segments: z.record(
      z.string(),
      z.object({
        id: z.string(),
        start_time: z.number(),
        end_time: z.number(),
        text: z.string(),
        subtitles: z.array(frame),
        dubs: z.record(
          z.string(),
          z.object({
            start_time: z.number(),
            end_time: z.number(),
            text: z.string().optional(),
            subtitles: z.array(frame),
            audio_stale: z.boolean(),
          }),
        ),
      }),
    ),
    renders: z.record(
      z.string(),
      z.object({
        id: z.string(),
        version: z.number().int(),
        language: z.string(),
        type: z.string(),
        status: z.string(),
      }),
    ),
  })
  .meta({ id: 'DubbingResource' });
export type DubbingResource = z.infer<typeof dubbingResource>;

export const resourceParams = z.object({ dubbing_id: z.string().min(1).max(64) });
export const segmentParams = resourceParams.extend({
  segment_id: z.string().min(1).max(64),
  language: z.string().min(2).max(20),
});
export const renderParams = resourceParams.extend({ language: z.string().min(2).max(20) });

/** SegmentUpdatePayload. */
export const segmentUpdate = z.object({
  start_time: z.number().min(0).optional(),
  end_time: z.number().min(0).optional(),
  text: z.string().max(5000).optional(),
});
export const translateBody = z.object({
  segments: z.array(z.string().min(1).max(64)).max(10_000),
  languages: z.array(z.string().min(2).max(20)).max(29).optional(),
});
export const renderBody = z.object({
  render_type: z.enum(['mp4', 'aac', 'mp3', 'wav', 'aaf', 'tracks_zip', 'clips_zip']),
  normalize_volume: z.boolean().optional(),
});
export const versionResponse = z.object({ version: z.number().int() });
export const renderResponse = z.object({ version: z.number().int(), render_id: z.string() });

export const speakerParams = resourceParams.extend({ speaker_id: z.string().min(1).max(64) });
export const segmentIdParams = resourceParams.extend({ segment_id: z.string().min(1).max(64) });
/** SegmentCreatePayload (dubbing.resource.speaker.segment.create). */
export const segmentCreate = z.object({
  start_time: z.number().min(0),
  end_time: z.number().min(0),
  text: z.string().max(5000).optional(),
  translations: z.record(z.string(), z.string().max(5000)).optional(),
});
export const segmentCreateResponse = z.object({ version: z.number().int(), new_segment: z.string() });
/** The segments (all when empty) of transcribe; of translate and dub with their languages. */
export const segmentsBody = z.object({ segments: z.array(z.string().min(1).max(64)).max(10_000) });
export const migrateBody = z.object({
  segment_ids: z.array(z.string().min(1).max(64)).min(1).max(10_000),
  speaker_id: z.string().min(1).max(64),
});
export const speakerCreate = z.object({
  speaker_name: z.string().max(200).optional(),
  voice_id: z.string().max(64).optional(),
});
export const speakerUpdate = speakerCreate.extend({
  languages: z.array(z.string().min(2).max(20)).max(29).optional(),
});
export const speakerCreateResponse = z.object({ version: z.number().int(), speaker_id: z.string() });
export const similarVoicesResponse = z.object({
  voices: z.array(
    z.object({
      voice_id: z.string(),
      name: z.string(),
      category: z.enum(['premade']),
      description: z.string().nullable(),
      preview_url: z.string().nullable(),
    }),
  ),
});
export const languageAdd = z.object({ language: z.string().max(40).optional() });
