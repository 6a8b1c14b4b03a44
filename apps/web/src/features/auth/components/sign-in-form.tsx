import type { FindSsoProviderResponse } from '@vocalis/contracts/sso';
import { ACCOUNT_VERIFICATION_MESSAGES } from '@vocalis/domain/account-verification';
import { accountRoutes } from '@vocalis/domain/app-routes';
import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useSignIn } from '@/lib/auth';
import { readStored, removeStored } from '@/lib/storage';

import { attachInternalCode } from '../api/action-codes';
import { findSsoProvider, startSsoSignIn } from '../api/find-sso-provider';

import { mailRequestError } from '../api/mail-request-error';
import {
  VERIFICATION_SEND_FAILED,
  VERIFICATION_SENT,
  sendVerificationEmail,
} from '../api/send-verification-email';
import { APPEAL_LABEL, appealUrl, signInErrorMessage, signInFailure } from '../api/sign-in-errors';
import { forgotPasswordPath, type ForgotPasswordState } from './forgot-password-step';
import { TwoFactorStep } from './two-factor-step';

type SignInFormProps = {
  onSuccess: () => void;
  /** Told when the second-factor step starts (true) or goes back to the password (false). */
  onSecondStepChange?: (active: boolean) => void;
};

type PageToast = ReturnType<typeof toast.forPage>;

/**
 * Shows the failure toast of accounts.md §8, with its links (reset, sign up, resend, appeal). It belongs
 * to the sign-in page: a later successful sign-in leaves it behind.
 */
function showSignInError(error: unknown, email: string, pageToast: PageToast, onReset: () => void) {
  const failure = signInFailure(error);
  const title = signInErrorMessage(error);
  if (failure === 'invalidCredentials') {
    pageToast.show({
      variant: 'error',
      title,
      actions: [
        { label: 'Reset password', onClick: onReset },
        { label: 'Sign up', href: accountRoutes.signUp.path },
      ],
    });
  } else if (failure === 'notVerified') {
    pageToast.show({
      variant: 'error',
      title,
      actions: [
        {
          label: 'Resend email',
          onClick: () =>
            void sendVerificationEmail(email).then(
              () => pageToast.success(VERIFICATION_SENT),
              (err: unknown) => pageToast.error(mailRequestError(err, VERIFICATION_SEND_FAILED)),
            ),
        },
      ],
    });
  } else if (failure === 'banned' && appealUrl(error)) {
    pageToast.show({ variant: 'error', title, actions: [{ label: APPEAL_LABEL, href: appealUrl(error)! }] });
  } else {
    pageToast.error(title);
  }
}

/** Where the action page keeps the mailed internal verification code (accounts.md §3). */
const STORED_INTERNAL_CODE = 'internal_verification_code';

/**
 * The mailed internal code, if any: on the URL (the action page appends it to its continue address) or
 * stored by the action page.
 */
function useInternalCode(): string | null {
  const [params] = useSearchParams();
  return params.get('internalCode') || readStored<string | null>(STORED_INTERNAL_CODE, null);
}

/**
 * Email and password sign-in, then the second factor when enrolled; failures are toasts with the spec's
 * texts. A mailed internal code is attached before signing in (accounts.md §4): when that worked, the
 * 'verified' toast appears and the user goes to onboarding instead of the target.
 */
export function SignInForm({ onSuccess, onSecondStepChange }: SignInFormProps) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const pageToast = toast.forPage(location.pathname);
  const internalCode = useInternalCode();
  // The address the code was attached for: a failed password attempt does not spend the success.
  const attachedFor = useRef<string | null>(null);
  const submittedAs = useRef('');
  const [attaching, setAttaching] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<readonly string[] | null>(null);
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  // The address's workspace identity provider (find-sso-provider), looked up when the address is complete.
  const [sso, setSso] = useState<FindSsoProviderResponse | null>(null);
  const lookUpSso = async (address: string) => {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return null;
    try {
      const found = await findSsoProvider(address);
      setSso(found.provider_id ? found : null);
      return found.provider_id ? found : null;
    } catch {
      return null;
    }
  };

  const finish = () => {
    if (!internalCode) return onSuccess();
    removeStored(STORED_INTERNAL_CODE);
    if (attachedFor.current !== submittedAs.current) return onSuccess();
    toast.success(ACCOUNT_VERIFICATION_MESSAGES.emailVerified);
    const onboarding = resolveRedirectTarget(null, {
      origin: window.location.origin,
      afterInternalEmailVerification: true,
    });
    void navigate(onboarding, { replace: true });
  };

  /** Attaches the code for this address once; a refused code does not stop the sign-in. */
  const attach = async (address: string) => {
    if (!internalCode || attachedFor.current === address.toLowerCase()) return;
    setAttaching(true);
    try {
      await attachInternalCode(address, internalCode);
      attachedFor.current = address.toLowerCase();
    } catch {
      // Already used, expired, or typed for another address: sign in as usual.
    } finally {
      setAttaching(false);
    }
  };

  const startSecondStep = (methods: readonly string[]) => {
    setSecondStep(methods);
    onSecondStepChange?.(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || attaching) return;
    const address = email.trim();
    // A workspace that requires single sign-on sends its members to their identity provider.
    const found = sso ?? (await lookUpSso(address));
    if (found?.sso_required) return startSsoSignIn(found);
    submittedAs.current = address.toLowerCase();
    await attach(address);
    signIn.mutate(
      { email: address, password },
      {
        onSuccess: (result) =>
          result?.twoFactorRedirect ? startSecondStep(result.twoFactorMethods ?? ['totp']) : finish(),
        onError: (error) =>
          showSignInError(
            error,
            address,
            pageToast,
            () =>
              void navigate(forgotPasswordPath(location), {
                state: { email: address } satisfies ForgotPasswordState,
              }),
          ),
      },
    );
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        methods={secondStep}
        onSuccess={finish}
        onRestart={() => {
          setSecondStep(null);
          onSecondStepChange?.(false);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5">
      {ssoError ? (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 p-3 text-sm text-rose-700 dark:bg-rose-950 dark:text-rose-300"
        >
          {ssoError}
        </p>
      ) : null}
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
            onChange={(event) => {
              setEmail(event.target.value);
              setSso(null);
            }}
            onBlur={() => void lookUpSso(email.trim())}
          />
        )}
      </Field>
      {sso ? (
        <div className="rounded-lg border border-indigo-200 p-3 text-sm dark:border-indigo-900">
          <p className="mb-2 text-zinc-700 dark:text-zinc-300">
            {sso.sso_required
              ? `${sso.workspace_name ?? 'Your workspace'} requires single sign-on.`
              : `${sso.workspace_name ?? 'Your workspace'} offers single sign-on.`}
          </p>
          <Button type="button" variant="secondary" className="w-full" onClick={() => startSsoSignIn(sso)}>
            Continue with single sign-on
          </Button>
        </div>
      ) : null}
      <Field label="Password">
        {(id) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            required={!sso?.sso_required}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <div className="-mt-3 flex justify-end">
        <Link
          to={forgotPasswordPath(location)}
          state={{ email: email.trim() } satisfies ForgotPasswordState}
          className="rounded-sm text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          Forgot password?
        </Link>
      </div>
      <LoadingButton type="submit" size="lg" className="w-full" loading={signIn.isPending || attaching}>
        Sign in
      </LoadingButton>
    </form>
  );
}
