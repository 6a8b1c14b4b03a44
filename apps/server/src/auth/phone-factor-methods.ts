import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

type SignInAnswer = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] };

/**
 * better-auth's twoFactor plugin offers "otp" to every user once a sender is configured; only users with an
 * enrolled phone can receive one, so the password step's method list keeps "otp" for them alone. Runs after
 * the twoFactor plugin's own hooks (plugins' after hooks run in order).
 */
export function phoneFactorMethods(phone: {
  hasPhoneFactor(email: string): Promise<boolean>;
  keepRequiredIfEnrolled(userId: string): Promise<void>;
}) {
  return {
    id: 'vocalis-phone-factor-methods',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const answer = ctx.context.returned as SignInAnswer | undefined;
            if (!answer?.twoFactorRedirect || !answer.twoFactorMethods?.includes('otp')) return;
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email === 'string' && (await phone.hasPhoneFactor(email))) return;
            return ctx.json({
              ...answer,
              twoFactorMethods: answer.twoFactorMethods.filter((m) => m !== 'otp'),
            });
          }),
        },
        {
          // Removing the authenticator app turns the second factor off; an enrolled phone keeps it on.
          matcher: (ctx) => ctx.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return;
            const userId = (ctx.context.session ?? (await getSessionFromCtx(ctx)))?.user.id;
            if (userId) await phone.keepRequiredIfEnrolled(userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
