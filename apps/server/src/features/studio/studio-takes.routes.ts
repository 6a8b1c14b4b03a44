import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockParams, projectParams } from '@vocalis/contracts/studio';
import { dialogueVoicesBody, dialogueVoicesResponse } from '@vocalis/contracts/studio-dialogue';
import { blockTakeEnvelope, blockTakes, takeParams } from '@vocalis/contracts/studio-takes';
import { requirePrincipal } from '../../plugins/auth';
import type { StudioDialogueService } from './studio-dialogue.service';
import type { StudioTakesService } from './studio-takes.service';

const tags = ['studio'];
const BLOCK = '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id';

/** One block: generate, takes, choose a take, play a take (decision 175). */
export const studioTakeRoutes =
  (service: StudioTakesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${BLOCK}/generate`,
      {
        schema: {
          tags,
          summary:
            "Generate one block now; the new take becomes the block's audio and earlier takes are kept",
          params: blockParams,
          response: { 200: blockTakeEnvelope },
        },
      },
      (r) =>
        service.generate(requirePrincipal(r), r.params.project_id, r.params.chapter_id, r.params.block_id),
    );
    app.get(
      `${BLOCK}/takes`,
      {
        schema: {
          tags,
          summary: "The block's takes, oldest first, with their character alignment",
          params: blockParams,
          response: { 200: blockTakes },
        },
      },
      (r) => service.list(requirePrincipal(r), r.params.project_id, r.params.chapter_id, r.params.block_id),
    );
    app.post(
      `${BLOCK}/takes/:take_id/select`,
      {
        schema: {
          tags,
          summary: "Make a take the block's audio (conversion then uses it)",
          params: takeParams,
          response: { 200: blockTakeEnvelope },
        },
      },
      (r) =>
        service.select(
          requirePrincipal(r),
          r.params.project_id,
          r.params.chapter_id,
          r.params.block_id,
          r.params.take_id,
        ),
    );
    app.get(
      `${BLOCK}/takes/:take_id/audio`,
      { schema: { tags, summary: "A take's audio (wav)", params: takeParams } },
      async (r, reply) => {
        const file = await service.audio(
          requirePrincipal(r),
          r.params.project_id,
          r.params.chapter_id,
          r.params.block_id,
          r.params.take_id,
        );
        return reply.type('audio/wav').header('content-length', String(file.size)).send(file.read());
      },
    );
  };

/** Auto-assign voices to quoted dialogue by speaker (decision 178). */
export const studioDialogueRoutes =
  (service: StudioDialogueService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/studio/projects/:project_id/dialogue-voices',
      {
        schema: {
          tags,
          summary: 'Give each speaker of quoted dialogue its own voice',
          description:
            'Finds quotations and their speakers ("…," said Anna / Anna said, "…" / turn-taking in a two-person exchange) and gives each speaker a distinct voice from `voice_ids` or the workspace\'s voices; narration keeps the default paragraph voice.',
          params: projectParams,
          body: dialogueVoicesBody,
          response: { 200: dialogueVoicesResponse },
        },
      },
      (r) => service.assign(requirePrincipal(r), r.params.project_id, r.body),
    );
  };
