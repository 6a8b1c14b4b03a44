import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@vocalis/domain/conversational-ai/knowledge-text';
import { badRequest } from '../../errors';
import { requirePrincipal } from '../../plugins/auth';
import { guardMultipartFields } from '../../plugins/input-guard';
import type { UploadedFile } from '../voices/voice-samples';
import type { KnowledgeBaseService } from './knowledge-base.service';

const tags = ['conversational-ai'];
const params = z.object({ documentation_id: z.string().min(1).max(64) });
const added = z.object({ id: z.string(), name: z.string() });

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

/** conversationalAi.knowledgeBase.*: documents from text, files and URLs; list, get, content, delete, search. */
export const knowledgeBaseRoutes =
  (service: KnowledgeBaseService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: collectFile,
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    });
    guardMultipartFields(app);

    app.post(
      '/v1/convai/knowledge-base/text',
      {
        schema: {
          tags,
          summary: 'Add a document from text',
          body: z.object({
            text: z.string().min(1).max(2_000_000),
            name: z.string().max(500).nullish(),
            parent_folder_id: z.string().nullish(),
          }),
          response: { 200: added },
        },
      },
      (request) => service.addText(requirePrincipal(request), request.body),
    );
    app.post(
      '/v1/convai/knowledge-base/url',
      {
        schema: {
          tags,
          summary: 'Add a document from a web page (fetched once)',
          body: z.looseObject({
            url: z.url({ protocol: /^https?$/ }).max(2000),
            name: z.string().max(500).nullish(),
          }),
          response: { 200: added },
        },
      },
      (request) => service.addUrl(requirePrincipal(request), request.body),
    );
    app.post(
      '/v1/convai/knowledge-base/file',
      {
        schema: {
          tags,
          summary: 'Add a document from a file (txt, md, html; at most 20 MB)',
          consumes: ['multipart/form-data'],
          body: z.looseObject({ file: z.unknown().optional(), name: z.string().max(500).optional() }),
          response: { 200: added },
        },
      },
      (request) => {
        const file = request.body.file as UploadedFile | undefined;
        if (!file || !Buffer.isBuffer(file.data))
          throw badRequest('Send the document as a multipart part named file.', 'file_missing');
        return service.addFile(requirePrincipal(request), file, request.body.name);
      },
    );
    app.get(
      '/v1/convai/knowledge-base',
      {
        schema: {
          tags,
          summary: 'Documents of the workspace, newest first',
          querystring: z.object({
            page_size: z.coerce.number().int().min(1).max(100).default(30),
            search: z.string().max(200).optional(),
            cursor: z.string().max(20).optional(),
          }),
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );
    app.get(
      '/v1/convai/knowledge-base/search',
      {
        schema: {
          tags,
          summary: 'Passages of the workspace documents ranked for a query (full-text search)',
          querystring: z.object({
            query: z.string().min(1).max(1000),
            document_ids: z.union([z.string(), z.array(z.string())]).optional(),
          }),
        },
      },
      async (request) => {
        const ids = request.query.document_ids;
        const passages = await service.search(
          requirePrincipal(request),
          request.query.query,
          ids === undefined ? undefined : [ids].flat(),
        );
        return {
          passages: passages.map((p) => ({
            document_id: p.documentId,
            document_name: p.documentName,
            chunk_id: `${p.documentId}_${p.ordinal}`,
            score: p.score,
            text: p.content,
          })),
        };
      },
    );
    app.get(
      '/v1/convai/knowledge-base/:documentation_id',
      { schema: { tags, summary: 'A document with its extracted text', params } },
      (request) => service.get(requirePrincipal(request), request.params.documentation_id),
    );
    app.patch(
      '/v1/convai/knowledge-base/:documentation_id',
      {
        schema: {
          tags,
          summary: 'Rename a document or replace its text',
          params,
          body: z.object({ name: z.string().min(1).max(200).optional(), content: z.string().optional() }),
        },
      },
      (request) => service.update(requirePrincipal(request), request.params.documentation_id, request.body),
    );
    app.get(
      '/v1/convai/knowledge-base/:documentation_id/content',
      { schema: { tags, summary: 'The extracted text of a document', params } },
      async (request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .send(await service.content(requirePrincipal(request), request.params.documentation_id)),
    );
    app.get(
      '/v1/convai/knowledge-base/:documentation_id/dependent-agents',
      { schema: { tags, summary: 'Agents whose prompt uses the document', params } },
      (request) => service.dependentAgents(requirePrincipal(request), request.params.documentation_id),
    );
    app.delete(
      '/v1/convai/knowledge-base/:documentation_id',
      {
        schema: {
          tags,
          summary: 'Delete a document (refused while agents use it, unless force=true)',
          params,
          querystring: z.object({ force: z.enum(['true', 'false']).optional() }),
        },
      },
      async (request) => {
        await service.delete(
          requirePrincipal(request),
          request.params.documentation_id,
          request.query.force === 'true',
        );
        return {};
      },
    );
  };
