import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listModelsResponse } from '@vocalis/contracts/models';
import type { ModelsService } from './models.service';

export const modelsRoutes =
  (service: ModelsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/models',
      {
        schema: {
          tags: ['models'],
          summary: 'List the speech models (built-in engines, and the remote server when configured)',
          response: { 200: listModelsResponse },
        },
      },
      () => service.list(),
    );
  };
