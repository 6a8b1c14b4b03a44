import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInProvidersResponse } from '@vocalis/contracts/social-sign-in';
import { enabledSocialProviders } from '../../auth/social-providers';
import type { SocialConfig } from '../../config';

/**
 * The sign-in page's provider buttons (with the appeal link a banned provider sign-in shows: the popup's
 * error carries only a code and a message), and Apple's form-post callback leg. The flow itself is better-auth's: `/api/auth/oauth-popup/start`
 * (popup) or `POST /api/auth/sign-in/social` (full page), `/api/auth/callback/{provider}`, and
 * `POST /api/auth/link-social` to add a provider to the signed-in account.
 */
export const socialSignInRoutes =
  (social: SocialConfig, appealUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/sign-in-providers',
      {
        config: { public: true },
        schema: {
          tags: ['user'],
          summary: 'The social sign-in providers this server offers',
          response: { 200: signInProvidersResponse },
        },
      },
      () => ({ social: enabledSocialProviders(social), appeal_url: appealUrl }),
    );

    if (social.apple) await app.register(appleFormPost);
  };

/**
 * Apple answers with a form post from its own origin (response_mode=form_post). better-auth turns that
 * POST into a GET of the same callback, but on the POST leg its origin check refuses Apple's origin when
 * the browser sends cookies, and the popup plugin's after-hook uses up its marker cookie there (so the
 * popup never hands the session back). Answering the POST with that same redirect here leaves both to the
 * GET leg, which runs as for every other provider. Only the redirect happens here: the code, state and
 * the one-time `user` field are checked by better-auth on the GET.
 */
const appleFormPost: FastifyPluginAsyncZod = async (scope) => {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  scope.post(
    '/api/auth/callback/apple',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      for (const [key, value] of new URL(request.url, 'http://callback').searchParams) params.set(key, value);
      // As on every /api/auth page: the sign-in popup passes through here and must keep its opener.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      return reply.redirect(`/api/auth/callback/apple?${params}`, 302);
    },
  );
};
