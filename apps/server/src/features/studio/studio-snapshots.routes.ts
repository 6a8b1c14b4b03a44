import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockParams,
  chapterParams,
  chapterSnapshotExtended,
  chapterSnapshotParams,
  chapterSnapshots,
  projectParams,
  projectSnapshotExtended,
  projectSnapshotParams,
  projectSnapshots,
  streamBody,
} from '@vocalis/contracts/studio';
import { requirePrincipal } from '../../plugins/auth';
import type { StudioSnapshotsService } from './studio-snapshots.service';

const tags = ['studio'];

/** studio.projects.snapshots.* and studio.projects.chapters.snapshots.* (decision 131). */
export const studioSnapshotRoutes =
  (service: StudioSnapshotsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/snapshots',
      {
        schema: {
          tags,
          summary: 'Project snapshots, newest first',
          params: projectParams,
          response: { 200: projectSnapshots },
        },
      },
      (r) => service.listProject(requirePrincipal(r), r.params.project_id),
    );
    app.get(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id',
      {
        schema: {
          tags,
          summary: 'A project snapshot with its character alignment',
          params: projectSnapshotParams,
          response: { 200: projectSnapshotExtended },
        },
      },
      (r) => service.getProject(requirePrincipal(r), r.params.project_id, r.params.project_snapshot_id),
    );
    app.post(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id/stream',
      {
        schema: {
          tags,
          summary: "The project snapshot's audio (mp3)",
          params: projectSnapshotParams,
          body: streamBody,
        },
      },
      async (r, reply) => {
        const file = await service.audio(
          requirePrincipal(r),
          r.params.project_id,
          null,
          r.params.project_snapshot_id,
        );
        return reply.type('audio/mpeg').header('content-length', String(file.size)).send(file.read());
      },
    );
    app.post(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id/archive',
      {
        schema: {
          tags,
          summary: "A zip of the project snapshot's chapters (mp3 each), named by ISBN when there is one",
          params: projectSnapshotParams,
        },
      },
      async (r, reply) => {
        const { zip, fileName } = await service.archive(
          requirePrincipal(r),
          r.params.project_id,
          r.params.project_snapshot_id,
        );
        return reply
          .type('application/zip')
          .header(
            'content-disposition',
            `attachment; filename="${fileName.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          .send(zip);
      },
    );
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/audio',
      {
        schema: {
          tags,
          summary: "A block's audio from its last conversion (wav; 404 while it is not converted)",
          params: blockParams,
        },
      },
      async (r, reply) => {
        const file = await service.blockAudio(
          requirePrincipal(r),
          r.params.project_id,
          r.params.chapter_id,
          r.params.block_id,
        );
        return reply.type('audio/wav').header('content-length', String(file.size)).send(file.read());
      },
    );
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots',
      {
        schema: {
          tags,
          summary: 'Chapter snapshots, newest first',
          params: chapterParams,
          response: { 200: chapterSnapshots },
        },
      },
      (r) => service.listChapter(requirePrincipal(r), r.params.project_id, r.params.chapter_id),
    );
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id',
      {
        schema: {
          tags,
          summary: 'A chapter snapshot with its character alignment',
          params: chapterSnapshotParams,
          response: { 200: chapterSnapshotExtended },
        },
      },
      (r) =>
        service.getChapter(
          requirePrincipal(r),
          r.params.project_id,
          r.params.chapter_id,
          r.params.chapter_snapshot_id,
        ),
    );
    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id/stream',
      {
        schema: {
          tags,
          summary: "The chapter snapshot's audio (mp3)",
          params: chapterSnapshotParams,
          body: streamBody,
        },
      },
      async (r, reply) => {
        const file = await service.audio(
          requirePrincipal(r),
          r.params.project_id,
          r.params.chapter_id,
          r.params.chapter_snapshot_id,
        );
        return reply.type('audio/mpeg').header('content-length', String(file.size)).send(file.read());
      },
    );
  };
