import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chapterEnvelope,
  chapterParams,
  chaptersList,
  chapterWithContent,
  contentFields,
  createChapterBody,
  createProjectFields,
  projectEnvelope,
  projectExtended,
  projectDictionariesBody,
  projectParams,
  projectsList,
  statusOk,
  studioLimits,
  updateChapterBody,
  updateProjectBody,
} from '@vocalis/contracts/studio';
import { MAX_DOCUMENT_BYTES } from './document-import';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import type { UploadedFile } from '../voices/voice-samples';
import type { StudioConversionService } from './studio-conversion.service';
import type { StudioChaptersService } from './studio-chapters.service';
import type { StudioProjectsService } from './studio-projects.service';

async function collectFile(part: MultipartFile): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  const file: UploadedFile = {
    filename: part.filename,
    mimetype: part.mimetype,
    data: Buffer.concat(chunks),
    truncated: part.file.truncated,
  };
  (part as unknown as { value: UploadedFile }).value = file;
}

const documentOf = (v: unknown): UploadedFile | null => {
  const one = Array.isArray(v) ? v[0] : v;
  return one && typeof one === 'object' && Buffer.isBuffer((one as UploadedFile).data)
    ? (one as UploadedFile)
    : null;
};

const CREATE_DESCRIPTION =
  'multipart/form-data. Content from one of: `from_document` (txt, md or html; chapters start at the top-level ' +
  "headings, which become title blocks; paragraphs become blocks), `from_content_json` (the SDK's chapter list) or " +
  '`from_text` (pasted text, read like a .txt file); none makes a blank project with one empty chapter. ' +
  "Refused: voices with live moderation, and a project beyond the plan's limit (3, 20, 1,000, 3,000, 20,000, 20,000).";

const tags = ['studio'];

/** studio.projects.* and studio.projects.chapters.* (decision 130). */
export const studioRoutes =
  (
    projects: StudioProjectsService,
    chapters: StudioChaptersService,
    conversion: StudioConversionService,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 40, fieldSize: 5 * 1024 * 1024 },
    });
    guardMultipartFields(app);

    app.get(
      '/v1/studio/limits',
      {
        schema: {
          tags,
          summary: 'Studio project limit of the plan and projects used',
          response: { 200: studioLimits },
        },
      },
      (r) => projects.limits(requirePrincipal(r)),
    );
    app.get(
      '/v1/studio/projects',
      {
        schema: {
          tags,
          summary: 'Studio projects of the workspace, newest first',
          response: { 200: projectsList },
        },
      },
      (r) => projects.list(requirePrincipal(r)),
    );
    app.post(
      '/v1/studio/projects',
      {
        schema: {
          tags,
          summary: 'Create a Studio project',
          description: CREATE_DESCRIPTION,
          consumes: ['multipart/form-data'],
          body: createProjectFields,
          response: { 200: projectEnvelope },
        },
      },
      (r) => projects.create(requirePrincipal(r), r.body, documentOf(r.body.from_document)),
    );
    app.get(
      '/v1/studio/projects/:project_id',
      {
        schema: {
          tags,
          summary: 'A project with its chapters',
          params: projectParams,
          response: { 200: projectExtended },
        },
      },
      (r) => projects.get(requirePrincipal(r), r.params.project_id),
    );
    app.post(
      '/v1/studio/projects/:project_id',
      {
        schema: {
          tags,
          summary: 'Update a project (metadata, default voices, chapters_order)',
          params: projectParams,
          body: updateProjectBody,
          response: { 200: projectEnvelope },
        },
      },
      (r) => projects.update(requirePrincipal(r), r.params.project_id, r.body),
    );
    app.delete(
      '/v1/studio/projects/:project_id',
      {
        schema: {
          tags,
          summary: 'Delete a project with its audio',
          params: projectParams,
          response: { 200: statusOk },
        },
      },
      (r) => projects.delete(requirePrincipal(r), r.params.project_id),
    );
    app.post(
      '/v1/studio/projects/:project_id/content',
      {
        schema: {
          tags,
          summary: "Replace the project's content from a document or content JSON",
          consumes: ['multipart/form-data'],
          params: projectParams,
          body: contentFields,
          response: { 200: projectEnvelope },
        },
      },
      (r) =>
        projects.replaceContent(
          requirePrincipal(r),
          r.params.project_id,
          r.body as { from_url?: string; from_content_json?: string },
          documentOf(r.body.from_document),
        ),
    );
    app.post(
      '/v1/studio/projects/:project_id/pronunciation-dictionaries',
      {
        schema: {
          tags,
          summary: "Set the project's pronunciation dictionaries (at most three, in order)",
          params: projectParams,
          body: projectDictionariesBody,
          response: { 200: statusOk },
        },
      },
      (r) =>
        projects.setDictionaries(
          requirePrincipal(r),
          r.params.project_id,
          r.body.pronunciation_dictionary_locators,
        ),
    );
    app.post(
      '/v1/studio/projects/:project_id/convert',
      {
        schema: {
          tags,
          summary: 'Convert the whole project (a background job)',
          params: projectParams,
          response: { 200: statusOk },
        },
      },
      (r) => conversion.convert(requirePrincipal(r), r.params.project_id, null),
    );

    app.get(
      '/v1/studio/projects/:project_id/chapters',
      {
        schema: {
          tags,
          summary: 'Chapters of a project in order',
          params: projectParams,
          response: { 200: chaptersList },
        },
      },
      (r) => chapters.listChapters(requirePrincipal(r), r.params.project_id),
    );
    app.post(
      '/v1/studio/projects/:project_id/chapters',
      {
        schema: {
          tags,
          summary: 'Add a chapter at the end',
          params: projectParams,
          body: createChapterBody,
          response: { 200: chapterEnvelope },
        },
      },
      (r) => chapters.createChapter(requirePrincipal(r), r.params.project_id, r.body),
    );
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      {
        schema: {
          tags,
          summary: 'A chapter with its blocks',
          params: chapterParams,
          response: { 200: chapterWithContent },
        },
      },
      (r) => chapters.getChapter(requirePrincipal(r), r.params.project_id, r.params.chapter_id),
    );
    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      {
        schema: {
          tags,
          summary: 'Rename a chapter and/or replace its blocks (their order is block_ids_order)',
          params: chapterParams,
          body: updateChapterBody,
          response: { 200: chapterEnvelope },
        },
      },
      (r) => chapters.updateChapter(requirePrincipal(r), r.params.project_id, r.params.chapter_id, r.body),
    );
    app.delete(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      { schema: { tags, summary: 'Delete a chapter', params: chapterParams, response: { 200: statusOk } } },
      (r) => chapters.deleteChapter(requirePrincipal(r), r.params.project_id, r.params.chapter_id),
    );
    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/convert',
      {
        schema: {
          tags,
          summary: 'Convert a chapter (a background job; only changed blocks are spoken again)',
          params: chapterParams,
          response: { 200: statusOk },
        },
      },
      (r) => conversion.convert(requirePrincipal(r), r.params.project_id, r.params.chapter_id),
    );
  };
