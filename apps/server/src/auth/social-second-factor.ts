import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { expireCookie } from 'better-auth/cookies';

/** The error a provider sign-in answers when the account has a second factor (decision 026). */
export const SECOND_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

/** How long the second step may take, as for email and password (better-auth's default, 10 minutes). */
const CHALLENGE_S = 600;

const isCallback = (path: string | undefined) =>
  Boolean(path?.startsWith('/callback/') || path?.startsWith('/oauth2/callback/'));

/**
 * better-auth's twoFactor plugin asks for the second factor only after email and password. A provider
 * sign-in (Google, GitHub, Apple) of an account with the authenticator app or a phone would skip it, so
 * here it is asked the same way: the session the callback made is deleted before it reaches the browser,
 * the two-factor challenge cookie is set (the plugin's own format: a signed identifier whose verification
 * row names the user), and the browser goes to `/sign-in?error=TWO_FACTOR_REQUIRED&error_description=<methods>`
 * — in the popup, the popup plugin (whose hook runs after this one) hands that error to the opener. The
 * sign-in page then shows the usual second step (/api/auth/two-factor/verify-totp, send-otp, verify-otp,
 * verify-backup-code), which signs in.
 */
export function socialSecondFactor(phone: { hasPhoneFactor(email: string): Promise<boolean> }) {
  return {
    id: 'vocalis-social-second-factor',
    hooks: {
      after: [
        {
          matcher: (ctx) => isCallback(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            const headers = ctx.context.responseHeaders;
            const location = headers?.get('location');
            if (!data?.user.twoFactorEnabled || !headers || !location) return;

            const methods: string[] = [];
            const totp = (await ctx.context.adapter.findOne({
              model: 'twoFactor',
              where: [{ field: 'userId', value: data.user.id }],
            })) as { verified?: boolean | null } | null;
            if (totp && totp.verified !== false) methods.push('totp');
            if (await phone.hasPhoneFactor(data.user.email)) methods.push('otp');
            if (methods.length === 0) return;

            // No session: the one the callback made is removed, and so is its cookie.
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            const sessionCookies = new Set([
              ctx.context.authCookies.sessionToken.name,
              ctx.context.authCookies.sessionData.name,
            ]);
            const kept = headers
              .getSetCookie()
              .filter((cookie) => !sessionCookies.has(cookie.slice(0, cookie.indexOf('='))));
            headers.delete('set-cookie');
            for (const cookie of kept) headers.append('set-cookie', cookie);
            expireCookie(ctx, ctx.context.authCookies.sessionToken);
            expireCookie(ctx, ctx.context.authCookies.sessionData);

            // The challenge, exactly as the twoFactor plugin sets it after a password.
            const identifier = `2fa-${crypto.randomUUID().replaceAll('-', '')}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_S * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: data.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const challenge = ctx.context.createAuthCookie('two_factor', { maxAge: CHALLENGE_S });
            await ctx.setSignedCookie(challenge.name, identifier, ctx.context.secret, challenge.attributes);

            const target = new URL('/sign-in', ctx.context.baseURL);
            target.searchParams.set('error', SECOND_FACTOR_REQUIRED);
            target.searchParams.set('error_description', methods.join(','));
            headers.set('location', `${target.pathname}${target.search}`);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
