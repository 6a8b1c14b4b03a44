import { z } from 'zod';

/** Params of one take of a block. */
export const takeParams = z.object({
  project_id: z.string().min(1).max(64),
  chapter_id: z.string().min(1).max(64),
  block_id: z.string().min(1).max(64),
  take_id: z.string().min(1).max(64),
});

const alignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});

/**
 * One generation of a block (decision 175). `matches_content` says whether it was made from the block's text,
 * voices and settings as they are now (only such a take can be chosen); `alignment` is the character timing
 * of what was spoken, for read-along.
 */
export const blockTake = z
  .object({
    take_id: z.string(),
    block_id: z.string(),
    created_at_unix: z.number(),
    audio_duration_secs: z.number(),
    characters: z.number(),
    is_current: z.boolean(),
    matches_content: z.boolean(),
    alignment,
  })
  .meta({ id: 'StudioBlockTake' });
export type BlockTake = z.infer<typeof blockTake>;

/** The block's takes, oldest first. */
export const blockTakes = z.object({ takes: z.array(blockTake) });
export const blockTakeEnvelope = z.object({ take: blockTake });
