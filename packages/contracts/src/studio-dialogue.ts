import { z } from 'zod';

/** POST /v1/studio/projects/{id}/dialogue-voices: voices to give speakers (default: the workspace's voices). */
export const dialogueVoicesBody = z.object({
  voice_ids: z.array(z.string().min(1).max(64)).min(1).max(100).nullish(),
});

/** Each speaker found and the voice given, and how many blocks now speak with more than one voice. */
export const dialogueVoicesResponse = z
  .object({
    speakers: z.array(z.object({ name: z.string(), voice_id: z.string(), quotations: z.number() })),
    unattributed_quotations: z.number(),
    blocks_changed: z.number(),
  })
  .meta({ id: 'StudioDialogueVoices' });
export type DialogueVoicesResponse = z.infer<typeof dialogueVoicesResponse>;
