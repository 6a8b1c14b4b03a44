import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import type { Config } from '../config';
import { signInternalCode } from '../features/account-codes/internal-code';
import type { MailInput } from '../mail/mailer';

export type ActionLinkMode = 'verifyEmail' | 'resetPassword' | 'optOutOfUpdates';

/**
 * A link to the web app's action-link landing page (accounts.md §2):
 * `/action?mode=…&oobCode=…&continueUrl=…&lang=en`. The continue address defaults to the sign-in route.
 */
export function actionLink(
  config: Config,
  mode: ActionLinkMode,
  code: string,
  continuePath = '/sign-in',
  extra: Record<string, string> = {},
): string {
  const url = new URL('/action', config.publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  // Every continue path passes the redirect allow-list here, whichever caller built it.
  const target = resolveRedirectTarget(continuePath, { origin: config.publicUrl, fallback: '/sign-in' });
  url.searchParams.set('continueUrl', new URL(target, config.publicUrl).href);
  url.searchParams.set('lang', 'en');
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * The mail sent after sign-up (and on request) to confirm the address. Its link also carries an internal
 * verification code (`internalCode`, 24 hours) that the action page keeps and sign-in attaches: the
 * 'verified' toast and onboarding follow (accounts.md §4; decision 022).
 */
export function verificationMail(
  config: Config,
  to: string,
  token: string,
  continuePath?: string,
): MailInput {
  const link = actionLink(config, 'verifyEmail', token, continuePath, {
    internalCode: signInternalCode(config.authSecret, to),
  });
  return {
    to,
    subject: 'Verify your email for Vocalis',
    text: [
      'Hello,',
      '',
      'Follow this link to verify your email address:',
      '',
      link,
      '',
      "If you didn't ask to verify this address, you can ignore this email.",
      '',
      'The link works for one hour.',
    ].join('\n'),
  };
}

/** The mail with a password reset link. */
export function passwordResetMail(
  config: Config,
  to: string,
  token: string,
  continuePath?: string,
): MailInput {
  const link = actionLink(config, 'resetPassword', token, continuePath);
  return {
    to,
    subject: 'Reset your password for Vocalis',
    text: [
      'Hello,',
      '',
      `Follow this link to reset the Vocalis password for ${to}:`,
      '',
      link,
      '',
      "If you didn't ask to reset your password, you can ignore this email.",
      '',
      'The link works for one hour and only once.',
    ].join('\n'),
  };
}
