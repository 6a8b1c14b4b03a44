import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dubbingResource,
  renderBody,
  renderParams,
  renderResponse,
  resourceParams,
  segmentParams,
  segmentUpdate,
  translateBody,
  versionResponse,
} from '@vocalis/contracts/dubbing-resource';
import { requirePrincipal } from '../../plugins/auth';
import type { DubbingResourceService } from './dubbing-resource.service';

/** The dubbing resource: dubbing.resource.get, segment.update, translate, render (decisions 144, 180). */
export const dubbingResourceRoutes =
  (service: DubbingResourceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/dubbing/resource/:dubbing_id',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'A dub as an editable resource: speakers, segments, translations, renders',
          params: resourceParams,
          response: { 200: dubbingResource },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.dubbing_id),
    );

    app.patch(
      '/v1/dubbing/resource/:dubbing_id/segment/:segment_id/:language',
      {
        schema: {
          tags: ['dubbing'],
          summary:
            "Edit a segment's timing and its text (source language) or translation (a target language)",
          params: segmentParams,
          body: segmentUpdate,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await service.updateSegment(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.segment_id,
          request.params.language,
          request.body,
        ),
      }),
    );

    app.post(
      '/v1/dubbing/resource/:dubbing_id/translate',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Translate segments again from their source text (all when the list is empty)',
          params: resourceParams,
          body: translateBody,
          response: { 200: versionResponse },
        },
      },
      async (request) => ({
        version: await service.translate(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.body.segments,
          request.body.languages,
        ),
      }),
    );

    app.post(
      '/v1/dubbing/resource/:dubbing_id/render/:language',
      {
        schema: {
          tags: ['dubbing'],
          summary: 'Render a language again from the edited segments (mp4 for a video source, mp3 for audio)',
          params: renderParams,
          body: renderBody,
          response: { 200: renderResponse },
        },
      },
      async (request) => {
        const r = await service.render(
          requirePrincipal(request),
          request.id,
          request.params.dubbing_id,
          request.params.language,
          request.body.render_type,
        );
        return { version: r.version, render_id: r.renderId };
      },
    );
  };
