import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPhoneNumberBody,
  listPhoneNumbersQuery,
  phoneNumberParams,
  phoneNumberResponse,
  updatePhoneNumberBody,
} from '@vocalis/contracts/conversational-ai-phone-numbers';
import { requirePrincipal } from '../../plugins/auth';
import type { PhoneNumbersService } from './phone-numbers.service';

const tags = ['conversational-ai'];

/** conversationalAi.phoneNumbers.* (decision 225). */
export const phoneNumbersRoutes =
  (service: PhoneNumbersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/convai/phone-numbers',
      {
        schema: {
          tags,
          summary: 'Import a Twilio number or a SIP trunk',
          body: createPhoneNumberBody,
          response: { 200: z.object({ phone_number_id: z.string() }) },
        },
      },
      (request) => service.create(requirePrincipal(request), request.body),
    );
    app.get(
      '/v1/convai/phone-numbers',
      {
        schema: {
          tags,
          summary: 'Phone numbers of the workspace',
          querystring: listPhoneNumbersQuery,
          response: { 200: z.array(phoneNumberResponse) },
        },
      },
      (request) => service.list(requirePrincipal(request), request.query),
    );
    app.get(
      '/v1/convai/phone-numbers/:phone_number_id',
      {
        schema: {
          tags,
          summary: 'A phone number',
          params: phoneNumberParams,
          response: { 200: phoneNumberResponse },
        },
      },
      (request) => service.get(requirePrincipal(request), request.params.phone_number_id),
    );
    app.patch(
      '/v1/convai/phone-numbers/:phone_number_id',
      {
        schema: {
          tags,
          summary: 'Assign an agent, rename, or change trunk settings',
          params: phoneNumberParams,
          body: updatePhoneNumberBody,
          response: { 200: phoneNumberResponse },
        },
      },
      (request) => service.update(requirePrincipal(request), request.params.phone_number_id, request.body),
    );
    app.delete(
      '/v1/convai/phone-numbers/:phone_number_id',
      { schema: { tags, summary: 'Delete a phone number', params: phoneNumberParams } },
      async (request, reply) => {
        await service.remove(requirePrincipal(request), request.params.phone_number_id);
        return reply.code(200).send({});
      },
    );
  };
