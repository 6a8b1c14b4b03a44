import { useState, type FormEvent } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';

import { RESET_REQUEST_FAILED, useSendPasswordResetEmail } from '../api/send-password-reset-email';
import { mailRequestError } from '../api/mail-request-error';

type ForgotPasswordFormProps = {
  /** The address typed on the sign-in form, if any. */
  initialEmail?: string;
};

/**
 * The sign-in page's "Forgot password?" step: mails a reset link (POST /v1/user/send-password-reset-email).
 * The outcome stays on the page: the spec's success text, or the server's message (a mail limit's 429
 * says when to try again) or the spec's fallback.
 */
export function ForgotPasswordForm({ initialEmail = '' }: ForgotPasswordFormProps) {
  const send = useSendPasswordResetEmail();
  const [email, setEmail] = useState(initialEmail);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate(email.trim());
  };

  if (send.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {send.data.message}
        </p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Nothing after a few minutes? Check your spam folder, or{' '}
          <button
            type="button"
            onClick={() => send.reset()}
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            send it again
          </button>
          .
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <Field label="Email">
        {(id) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      {send.isError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {mailRequestError(send.error, RESET_REQUEST_FAILED)}
        </p>
      ) : null}
      <LoadingButton type="submit" size="lg" className="w-full" loading={send.isPending}>
        Send reset link
      </LoadingButton>
    </form>
  );
}
