import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  location,
  registerGeolocationBody,
  setTrainingOptOutBody,
  trainingOptOut,
  visitorPrivacy,
} from '@vocalis/contracts/consent';
import { user } from '@vocalis/contracts/user';
import { requireUser } from '../../plugins/auth';
import type { ConsentService } from './consent.service';

const tags = ['consent'];

/** Location lookup, biometric terms and the workspace training opt-out. */
export const consentRoutes =
  (service: ConsentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/geolocation',
      {
        config: { public: true },
        schema: {
          tags,
          summary: "The caller's location (region, country, city) from its address",
          response: { 200: location },
        },
      },
      (request) => service.geolocation(request.ip),
    );

    app.get(
      '/v1/privacy/visitor',
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            'Privacy rules for this visitor: location, Global Privacy Control (Sec-GPC), CCPA opt-out, analytics consent',
          response: { 200: visitorPrivacy },
        },
      },
      async (request, reply) => {
        // The answer depends on the caller's address and headers: never shared by caches.
        void reply.header('cache-control', 'private, no-store');
        return service.visitorPrivacy(request.ip, request.headers['sec-gpc'] === '1');
      },
    );

    app.post(
      '/v1/user/register-geolocation',
      {
        schema: {
          tags,
          summary: 'Store the location of this request together with agrees_to_product_updates',
          body: registerGeolocationBody,
          response: { 200: user },
        },
      },
      (request) => service.registerGeolocation(requireUser(request), request.ip, request.body),
    );

    app.post(
      '/v1/user/accept-bipa-terms',
      { schema: { tags, summary: 'Accept the updated (biometric) terms', response: { 200: user } } },
      (request) => service.acceptBipaTerms(requireUser(request)),
    );

    app.get(
      '/v1/workspace/training-opt-out',
      {
        schema: {
          tags,
          summary: "The current workspace's training opt-out",
          response: { 200: trainingOptOut },
        },
      },
      (request) => service.trainingOptOut(requireUser(request)),
    );

    app.post(
      '/v1/workspace/training-opt-out',
      {
        schema: {
          tags,
          summary: "Change the current workspace's training opt-out (workspace admins only)",
          body: setTrainingOptOutBody,
          response: { 200: trainingOptOut },
        },
      },
      (request) => service.setTrainingOptOut(requireUser(request), request.body.training_opt_out),
    );
  };
