import { accountRoutes } from '@vocalis/domain/app-routes';
import { useState, type FormEvent } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { useSignIn } from '@/lib/auth';

import { RESET_REQUEST_FAILED, sendPasswordResetEmail } from '../api/send-password-reset-email';
import {
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
  sendVerificationEmail,
} from '../api/send-verification-email';
import { APPEAL_LABEL, appealUrl, signInErrorMessage, signInFailure } from '../api/sign-in-errors';
import { TwoFactorStep } from './two-factor-step';

type SignInFormProps = {
  onSuccess: () => void;
  /** Told when the second-factor step starts (true) or goes back to the password (false). */
  onSecondStepChange?: (active: boolean) => void;
};

const serverMessage = (error: unknown, fallback: string) =>
  isHttpError(error) && error.status > 0 && error.status < 500 && error.message ? error.message : fallback;

/** Shows the failure toast of accounts.md §8, with its links (reset, sign up, resend, appeal). */
function showSignInError(error: unknown, email: string) {
  const failure = signInFailure(error);
  const title = signInErrorMessage(error);
  if (failure === 'invalidCredentials') {
    toast.show({
      variant: 'error',
      title,
      actions: [
        {
          label: 'Reset password',
          onClick: () =>
            void sendPasswordResetEmail(email).then(
              (res) => toast.success(res.message),
              (err: unknown) => toast.error(serverMessage(err, RESET_REQUEST_FAILED)),
            ),
        },
        { label: 'Sign up', href: accountRoutes.signUp.path },
      ],
    });
  } else if (failure === 'notVerified') {
    toast.show({
      variant: 'error',
      title,
      actions: [
        {
          label: 'Resend email',
          onClick: () =>
            void sendVerificationEmail(email).then(
              () => toast.success(VERIFICATION_SENT),
              (err: unknown) => toast.error(serverMessage(err, VERIFICATION_SEND_FAILED)),
            ),
        },
      ],
    });
  } else if (failure === 'banned' && appealUrl(error)) {
    toast.show({ variant: 'error', title, actions: [{ label: APPEAL_LABEL, href: appealUrl(error)! }] });
  } else {
    toast.error(title);
  }
}

/** Email and password sign-in, then the second factor when enrolled; failures are toasts with the spec's texts. */
export function SignInForm({ onSuccess, onSecondStepChange }: SignInFormProps) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<readonly string[] | null>(null);

  const startSecondStep = (methods: readonly string[]) => {
    setSecondStep(methods);
    onSecondStepChange?.(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const address = email.trim();
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: (result) =>
          result?.twoFactorRedirect ? startSecondStep(result.twoFactorMethods ?? ['totp']) : onSuccess(),
        onError: (error) => showSignInError(error, address),
      },
    );
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        methods={secondStep}
        onSuccess={onSuccess}
        onRestart={() => {
          setSecondStep(null);
          onSecondStepChange?.(false);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5">
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
      <Field label="Password">
        {(id) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <LoadingButton type="submit" size="lg" className="w-full" loading={signIn.isPending}>
        Sign in
      </LoadingButton>
    </form>
  );
}
