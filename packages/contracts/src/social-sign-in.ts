import { z } from 'zod';

export const SOCIAL_PROVIDER_IDS = ['google', 'github', 'apple'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/**
 * GET /v1/sign-in-providers: the social providers this server offers (only the configured ones), and the
 * suspended-account notice's appeal link (APPEAL_URL), which a provider's refusal does not carry.
 */
export const signInProvidersResponse = z
  .object({
    social: z.array(z.object({ id: z.enum(SOCIAL_PROVIDER_IDS), name: z.string() })),
    appeal_url: z.string(),
  })
  .meta({ id: 'SignInProviders' });

export type SignInProviders = z.infer<typeof signInProvidersResponse>;
