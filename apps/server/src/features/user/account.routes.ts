import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, user } from '@vocalis/contracts/user';
import {
  alphaAccessResponse,
  deleteUserResponse,
  editUserBody,
  generateNameResponse,
  googleAdsVisitBody,
  postRegistrationBody,
  preSignUpBody,
  recordDeviceFingerprintBody,
  referralLinkResponse,
  userRandResponse,
} from '@vocalis/contracts/user-account';
import { requirePrincipal, requireUser } from '../../plugins/auth';
import type { FastifyRequest } from 'fastify';
import type { AccountService } from './account.service';

const tags = ['user'];
const ok = (message: string) => ({ status: 'ok' as const, message });

/** Account calls of accounts.md §7 beside GET /v1/user. */
export const accountRoutes =
  (
    service: AccountService,
    /** Lets a sensitive action run or answers 403 email_access_verification_required (decision 022). */
    requireSensitiveAction: (request: FastifyRequest) => Promise<void>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/edit',
      {
        schema: {
          tags,
          summary: 'Edit the user (first name, prompts shown)',
          body: editUserBody,
          response: { 200: user },
        },
      },
      (request) => service.edit(requireUser(request), request.body),
    );

    app.delete(
      '/v1/user/delete',
      {
        preHandler: requireSensitiveAction,
        schema: {
          tags,
          summary: 'Delete the account and its data (signed-in session only)',
          response: { 200: deleteUserResponse },
        },
      },
      async (request) => {
        await service.delete(requirePrincipal(request));
        return ok('Your account has been deleted.');
      },
    );

    app.get(
      '/v1/user/rand',
      {
        schema: {
          tags,
          summary: "The user's stable random number in [0, 1)",
          response: { 200: userRandResponse },
        },
      },
      (request) => service.rand(requireUser(request)),
    );

    app.post(
      '/v1/user/generate-name',
      { schema: { tags, summary: 'Suggest a public name', response: { 200: generateNameResponse } } },
      (request) => {
        requireUser(request);
        return service.generateName();
      },
    );

    app.get(
      '/v1/user/has-alpha-access',
      {
        schema: {
          tags,
          summary: 'Whether the user has alpha access',
          response: { 200: alphaAccessResponse },
        },
      },
      (request) => service.alphaAccess(requireUser(request)),
    );

    app.post(
      '/v1/user/request-alpha-access',
      { schema: { tags, summary: 'Ask for alpha access', response: { 200: alphaAccessResponse } } },
      (request) => service.requestAlphaAccess(requireUser(request)),
    );

    app.get(
      '/v1/user/referral-link',
      { schema: { tags, summary: "The user's referral link", response: { 200: referralLinkResponse } } },
      (request) => service.referralLink(requireUser(request)),
    );

    app.post(
      '/v1/user/record-device-fingerprint',
      {
        schema: {
          tags,
          summary: 'Record the device the user works on',
          body: recordDeviceFingerprintBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.recordDeviceFingerprint(requireUser(request), request.body.fingerprint);
        return ok('Device recorded.');
      },
    );

    app.post(
      '/v1/user/post-registration-user-setup',
      {
        schema: {
          tags,
          summary: 'Attach referral and marketplace ids after sign-up',
          body: postRegistrationBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.postRegistration(requireUser(request), request.body);
        return ok('Account set up.');
      },
    );

    app.post(
      '/v1/user/pre-sign-up',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'What the browser knows before the account exists',
          body: preSignUpBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.preSignUp(request.body);
        return ok('Noted.');
      },
    );

    app.post(
      '/v1/google-ads-visit',
      {
        schema: {
          tags,
          summary: 'Record a visit from a paid-ad click',
          body: googleAdsVisitBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.googleAdsVisit(requireUser(request), request.body);
        return ok('Visit recorded.');
      },
    );
  };
