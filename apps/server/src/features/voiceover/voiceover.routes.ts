import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  voiceoverCreateFields,
  voiceoverDeleted,
  voiceoverExportStarted,
  voiceoverProject,
  voiceoverProjectParams,
  voiceoverProjects,
  voiceoverProjectUpdate,
  voiceoverTrackCreate,
  voiceoverTrackParams,
  voiceoverTrackUpdate,
} from '@vocalis/contracts/voiceover';
import { MAX_DUBBING_BYTES } from '@vocalis/domain/dubbing/dubbing-rules';
import { sendStoredFile } from '../../lib/send-stored-file';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import { collectFile } from './voiceover-upload';
import type { VoiceoverService } from './voiceover.service';

const tags = ['voiceover'];

/** Voiceover studio projects: create from a video, list, get, rename, delete; tracks; the export (decision 224). */
export const voiceoverRoutes =
  (service: VoiceoverService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_DUBBING_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/voiceover',
      {
        schema: {
          tags,
          summary: 'Start a voiceover project from a video',
          description:
            'multipart/form-data: `file` (a video: mp4, mov, mkv, webm, avi …, up to 500 MB and 20 minutes) and ' +
            '`name`. The video is kept as an mp4 browsers play (H.264 copied, other pictures encoded). The ' +
            'project starts with one empty track.',
          consumes: ['multipart/form-data'],
          body: voiceoverCreateFields,
          response: { 200: voiceoverProject },
        },
      },
      async (request) =>
        service.create(requirePrincipal(request), {
          file: request.body.file,
          name: typeof request.body.name === 'string' ? request.body.name : undefined,
        }),
    );

    app.get(
      '/v1/voiceover',
      {
        schema: {
          tags,
          summary: 'Voiceover projects of the workspace, newest first',
          response: { 200: voiceoverProjects },
        },
      },
      async (request) => ({ projects: await service.list(requirePrincipal(request)) }),
    );

    app.get(
      '/v1/voiceover/:project_id',
      {
        schema: {
          tags,
          summary: 'A voiceover project with its tracks and clips',
          params: voiceoverProjectParams,
          response: { 200: voiceoverProject },
        },
      },
      async (request) => service.get(requirePrincipal(request), request.params.project_id),
    );

    app.patch(
      '/v1/voiceover/:project_id',
      {
        schema: {
          tags,
          summary: "Rename a project or set the volume of the video's own sound (0-2)",
          params: voiceoverProjectParams,
          body: voiceoverProjectUpdate,
          response: { 200: voiceoverProject },
        },
      },
      async (request) => service.update(requirePrincipal(request), request.params.project_id, request.body),
    );

    app.delete(
      '/v1/voiceover/:project_id',
      {
        schema: {
          tags,
          summary: 'Delete a project and its files',
          params: voiceoverProjectParams,
          response: { 200: voiceoverDeleted },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request), request.params.project_id);
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/v1/voiceover/:project_id/video',
      {
        schema: {
          tags,
          summary: 'The video of a project (mp4, byte ranges)',
          params: voiceoverProjectParams,
        },
      },
      async (request, reply) =>
        sendStoredFile(
          request,
          reply,
          await service.video(requirePrincipal(request), request.params.project_id),
        ),
    );

    app.post(
      '/v1/voiceover/:project_id/tracks',
      {
        schema: {
          tags,
          summary: 'Add a track',
          params: voiceoverProjectParams,
          body: voiceoverTrackCreate,
          response: { 200: voiceoverProject },
        },
      },
      async (request) =>
        service.addTrack(requirePrincipal(request), request.params.project_id, request.body.name),
    );

    app.patch(
      '/v1/voiceover/:project_id/tracks/:track_id',
      {
        schema: {
          tags,
          summary: 'Rename a track, set its volume (0-2), mute it',
          params: voiceoverTrackParams,
          body: voiceoverTrackUpdate,
          response: { 200: voiceoverProject },
        },
      },
      async (request) =>
        service.updateTrack(
          requirePrincipal(request),
          request.params.project_id,
          request.params.track_id,
          request.body,
        ),
    );

    app.delete(
      '/v1/voiceover/:project_id/tracks/:track_id',
      {
        schema: {
          tags,
          summary: 'Delete a track with its clips',
          params: voiceoverTrackParams,
          response: { 200: voiceoverProject },
        },
      },
      async (request) =>
        service.deleteTrack(requirePrincipal(request), request.params.project_id, request.params.track_id),
    );

    app.post(
      '/v1/voiceover/:project_id/export',
      {
        schema: {
          tags,
          summary: 'Export the mixed video',
          description:
            "A job mixes the video's sound (at its volume) with every clip of every unmuted track at its start, trim " +
            'and volume, and muxes it with the picture into an mp4; progress in export_status/export_progress and ' +
            'the live `dubbing` collection. 409 while an export runs.',
          params: voiceoverProjectParams,
          response: { 200: voiceoverExportStarted },
        },
      },
      async (request) => {
        await service.startExport(requirePrincipal(request), request.params.project_id);
        return { status: 'exporting' as const };
      },
    );

    app.get(
      '/v1/voiceover/:project_id/export',
      {
        schema: { tags, summary: 'The exported mp4 (425 while it is made)', params: voiceoverProjectParams },
      },
      async (request, reply) =>
        sendStoredFile(
          request,
          reply,
          await service.exported(requirePrincipal(request), request.params.project_id),
        ),
    );
  };
