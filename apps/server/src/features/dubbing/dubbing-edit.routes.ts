import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  languageAdd,
  migrateBody,
  resourceParams,
  segmentCreate,
  segmentCreateResponse,
  segmentIdParams,
  segmentsBody,
  similarVoicesResponse,
  speakerCreate,
  speakerCreateResponse,
  speakerParams,
  speakerUpdate,
  translateBody,
  versionResponse,
} from '@vocalis/contracts/dubbing-resource';
import { requirePrincipal } from '../../plugins/auth';
import type { DubbingResourceService } from './dubbing-resource.service';
import type { DubbingSpeakersService } from './dubbing-speakers.service';

const R = '/v1/dubbing/resource/:dubbing_id';
const tags = ['dubbing'];

/**
 * The dubbing resource's editing calls (decision 180): segments added, deleted and moved; speakers created,
 * updated and offered similar voices; transcribe, dub and language add.
 */
export const dubbingEditRoutes =
  (edits: DubbingResourceService, speakers: DubbingSpeakersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${R}/speaker/:speaker_id/segment`,
      {
        schema: {
          tags,
          summary: 'Add a segment to a speaker',
          params: speakerParams,
          body: segmentCreate,
          response: { 200: segmentCreateResponse },
        },
      },
      async (request) => {
        const r = await edits.addSegment(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.speaker_id,
          request.body,
        );
        return { version: r.version, new_segment: r.segmentId };
      },
    );

    app.delete(
      `${R}/segment/:segment_id`,
      {
        schema: {
          tags,
          summary: 'Delete a segment and its dubbed speech',
          params: segmentIdParams,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await edits.deleteSegment(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.segment_id,
        ),
      }),
    );

    app.post(
      `${R}/migrate-segments`,
      {
        schema: {
          tags,
          summary: 'Move segments to another speaker',
          params: resourceParams,
          body: migrateBody,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await edits.migrateSegments(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.body.segment_ids,
          request.body.speaker_id,
        ),
      }),
    );

    app.post(
      `${R}/transcribe`,
      {
        schema: {
          tags,
          summary: 'Recognise segments again from the source speech (all when the list is empty)',
          params: resourceParams,
          body: segmentsBody,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await speakers.transcribe(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.body.segments,
        ),
      }),
    );

    app.post(
      `${R}/dub`,
      {
        schema: {
          tags,
          summary:
            'Speak segments again (all when the list is empty): only those whose words, timing or voice changed',
          params: resourceParams,
          body: translateBody,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await edits.dub(
          requirePrincipal(request),
          request.id,
          request.params.dubbing_id,
          request.body.segments,
          request.body.languages,
        ),
      }),
    );

    app.post(
      `${R}/language`,
      {
        schema: {
          tags,
          summary: 'Add a target language: every segment is translated into it',
          params: resourceParams,
          body: languageAdd,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await edits.addLanguage(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.body.language,
        ),
      }),
    );

    app.post(
      `${R}/speaker`,
      {
        schema: {
          tags,
          summary: 'Create a speaker, optionally with a voice',
          params: resourceParams,
          body: speakerCreate,
          response: { 200: speakerCreateResponse },
        },
      },
      async (request) => {
        const r = await speakers.create(requirePrincipal(request), request.params.dubbing_id, request.body);
        return { version: r.version, speaker_id: r.speakerId };
      },
    );

    app.patch(
      `${R}/speaker/:speaker_id`,
      {
        schema: {
          tags,
          summary: "Rename a speaker or choose its voice (all target languages unless 'languages' says)",
          params: speakerParams,
          body: speakerUpdate,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await speakers.update(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.speaker_id,
          request.body,
        ),
      }),
    );

    app.get(
      `${R}/speaker/:speaker_id/similar-voices`,
      {
        schema: {
          tags,
          summary: "Voices that can dub a speaker, nearest to the speaker's own first",
          params: speakerParams,
          response: { 200: similarVoicesResponse },
        },
      },
      (request) =>
        speakers.similarVoices(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.speaker_id,
        ),
    );
  };
