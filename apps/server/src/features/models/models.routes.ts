import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listModelsResponse } from '@vocalis/contracts/models';
import { PreparedJson } from '../../plugins/prepared-json';
import type { ModelsService } from './models.service';

export const modelsRoutes =
  (service: ModelsService): FastifyPluginAsyncZod =>
  async (app) => {
    // The same for every caller while the process runs (its engines are fixed at start): made once.
    const models = new PreparedJson(listModelsResponse, () => service.list());
    app.get(
      '/v1/models',
      {
        schema: {
          tags: ['models'],
          summary: 'List the speech models (built-in engines, and the remote server when configured)',
          response: { 200: listModelsResponse },
        },
      },
      (_request, reply) => models.send(reply),
    );
  };
