import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInProvidersResponse } from '@vocalis/contracts/social-sign-in';
import { enabledSocialProviders } from '../../auth/social-providers';
import type { SocialConfig } from '../../config';

/**
 * The sign-in page's provider buttons. The flow itself is better-auth's: `/api/auth/oauth-popup/start`
 * (popup) or `POST /api/auth/sign-in/social` (full page), `/api/auth/callback/{provider}`, and
 * `POST /api/auth/link-social` to add a provider to the signed-in account.
 */
export const socialSignInRoutes =
  (social: SocialConfig): FastifyPluginAsyncZod =>
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
      () => ({ social: enabledSocialProviders(social) }),
    );
  };
