import { LoadingButton } from '@/components/ui/loading-button';

import { mailRequestError } from '../api/mail-request-error';
import {
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
  useSendVerificationEmail,
} from '../api/send-verification-email';

/**
 * Sign-up's "Check your email" step: where the link went, and a resend (POST /v1/user/send-verification-email)
 * whose outcome stays on the page: the spec's sent text, or the server's message (a mail limit's 429 says
 * when to try again) or the spec's fallback.
 */
export function CheckEmail({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        We have sent an email to{' '}
        <span className="font-medium break-all text-zinc-900 dark:text-zinc-100">{email}</span>. Follow the
        link in it to verify your address, then sign in.
      </p>
      <div aria-live="polite">
        {resend.isSuccess ? (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {VERIFICATION_SENT}
          </p>
        ) : resend.isError ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {mailRequestError(resend.error, VERIFICATION_SEND_FAILED)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No email? Check your spam folder.</p>
        <LoadingButton variant="secondary" loading={resend.isPending} onClick={() => resend.mutate(email)}>
          Resend email
        </LoadingButton>
      </div>
    </div>
  );
}
