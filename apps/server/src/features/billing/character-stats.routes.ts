import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BILLING_PATHS, characterStatsQuery, characterStatsResponse } from '@vocalis/contracts/billing';
import type { AppDb } from '../../db/client';
import { billingCaller } from './billing.policy';
import { characterStats } from './character-stats.service';

/** ElevenLabs' GET /v1/usage/character-stats, for the usage charts. */
export const characterStatsRoutes =
  (db: AppDb): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      BILLING_PATHS.characterStats,
      {
        schema: {
          tags: ['usage'],
          summary: 'Characters used over time, optionally broken down by voice, model, API key or user',
          querystring: characterStatsQuery,
          response: { 200: characterStatsResponse },
        },
      },
      (request) => characterStats(db, billingCaller(request, 'user_read'), request.query),
    );
  };
