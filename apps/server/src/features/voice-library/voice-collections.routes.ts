import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionIdResponse,
  collectionParams,
  collectionVoiceParams,
  collectionVoiceResponse,
  createCollectionBody,
  updateCollectionBody,
  voiceCollection,
  voiceCollectionsResponse,
} from '@vocalis/contracts/voice-library';
import { requirePrincipal } from '../../plugins/auth';
import type { VoiceCollectionsService } from './voice-collections.service';

const tags = ['voice collections'];

/** The SDK's voices.collections calls. */
export const voiceCollectionsRoutes =
  (service: VoiceCollectionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/voices/collections',
      {
        schema: {
          tags,
          summary: "Your workspace's voice collections",
          response: { 200: voiceCollectionsResponse },
        },
      },
      (request) => service.list(requirePrincipal(request)),
    );
    app.post(
      '/v1/voices/collections',
      {
        schema: {
          tags,
          summary: 'Create a voice collection',
          body: createCollectionBody,
          response: { 200: voiceCollection },
        },
      },
      (request) => service.create(requirePrincipal(request), request.body),
    );
    app.get(
      '/v1/voices/collections/:collection_id',
      {
        schema: {
          tags,
          summary: 'One voice collection',
          params: collectionParams,
          response: { 200: voiceCollection },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.collection_id),
    );
    app.patch(
      '/v1/voices/collections/:collection_id',
      {
        schema: {
          tags,
          summary: 'Rename a voice collection or change its icon',
          params: collectionParams,
          body: updateCollectionBody,
          response: { 200: voiceCollection },
        },
      },
      (request) =>
        service.update(requirePrincipal(request), request.params.collection_id, request.body ?? {}),
    );
    app.delete(
      '/v1/voices/collections/:collection_id',
      {
        schema: {
          tags,
          summary: 'Delete a voice collection (its voices stay)',
          params: collectionParams,
          response: { 200: collectionIdResponse },
        },
      },
      (request) => service.delete(requirePrincipal(request), request.params.collection_id),
    );
    app.post(
      '/v1/voices/collections/:collection_id/voice/:voice_id',
      {
        schema: {
          tags,
          summary: 'Add a voice to a collection',
          params: collectionVoiceParams,
          response: { 200: collectionVoiceResponse },
        },
      },
      (request) =>
        service.addVoice(requirePrincipal(request), request.params.collection_id, request.params.voice_id),
    );
    app.delete(
      '/v1/voices/collections/:collection_id/voice/:voice_id',
      {
        schema: {
          tags,
          summary: 'Remove a voice from a collection',
          params: collectionVoiceParams,
          response: { 200: collectionVoiceResponse },
        },
      },
      (request) =>
        service.removeVoice(requirePrincipal(request), request.params.collection_id, request.params.voice_id),
    );
  };
