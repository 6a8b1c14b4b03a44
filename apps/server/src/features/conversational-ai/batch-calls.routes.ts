import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchDetailResponse,
  batchesPage,
  batchParams,
  batchResponse,
  listBatchesQuery,
  submitBatchBody,
} from '@vocalis/contracts/conversational-ai-batch-calls';
import { requirePrincipal } from '../../plugins/auth';
import type { BatchCallsService } from './batch-calls.service';

const tags = ['conversational-ai'];

/** conversationalAi.batchCalls.* (decision 228). */
export const batchCallsRoutes =
  (service: BatchCallsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/batch-calling/submit',
      {
        schema: {
          tags,
          summary: 'Submit a batch of outbound calls (recipients with dynamic variables, a scheduled time)',
          body: submitBatchBody,
          response: { 200: batchResponse },
        },
      },
      (request) => service.submit(requirePrincipal(request), request.body),
    );
    app.get(
      '/v1/convai/batch-calling/workspace',
      {
        schema: {
          tags,
          summary: 'Batch calls of the workspace, newest first',
          querystring: listBatchesQuery,
          response: { 200: batchesPage },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );
    app.get(
      '/v1/convai/batch-calling/:batch_id',
      {
        schema: {
          tags,
          summary: "A batch call with each recipient's status",
          params: batchParams,
          response: { 200: batchDetailResponse },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.batch_id),
    );
    app.post(
      '/v1/convai/batch-calling/:batch_id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel the calls not yet dialled',
          params: batchParams,
          response: { 200: batchResponse },
        },
      },
      (request) => service.cancel(requirePrincipal(request), request.params.batch_id),
    );
    app.post(
      '/v1/convai/batch-calling/:batch_id/retry',
      {
        schema: {
          tags,
          summary: 'Dial the failed recipients again',
          params: batchParams,
          response: { 200: batchResponse },
        },
      },
      (request) => service.retry(requirePrincipal(request), request.params.batch_id),
    );
    app.delete(
      '/v1/convai/batch-calling/:batch_id',
      { schema: { tags, summary: 'Delete a batch call and its recipients', params: batchParams } },
      async (request, reply) => {
        await service.remove(requirePrincipal(request), request.params.batch_id);
        return reply.code(200).send({});
      },
    );
  };
