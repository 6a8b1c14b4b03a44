import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { refreshSession } from '@/lib/auth';

import { APPEAL_LABEL } from '../api/sign-in-errors';
import { ACCOUNT_EXISTS_TITLE, socialFailure, type SocialFailure } from '../api/social-errors';
import {
  linkPendingProvider,
  rememberPendingLink,
  signInWithPopup,
  signInWithRedirect,
  takeRedirectProvider,
  useSignInProviders,
  type SocialProvider,
  type SocialProviderId,
} from '../api/social-sign-in';
import { ProviderMark } from './provider-icons';
import { TwoFactorStep } from './two-factor-step';

const NONE: SocialProvider[] = [];

/** A failure's toast, about the page it happened on: the message, with the appeal link for a suspended account. */
function showFailureToast(failure: Extract<SocialFailure, { kind: 'toast' }>, page: string) {
  const pageToast = toast.forPage(page);
  if (failure.appealUrl) {
    pageToast.show({
      variant: 'error',
      title: failure.message,
      actions: [{ label: APPEAL_LABEL, href: failure.appealUrl }],
    });
  } else pageToast.error(failure.message);
}

type SocialSignInProps = {
  /** Where to go after signing in (an allowed redirect target, or home). */
  targetPath: string;
  /** Signed in with an existing account. */
  onSignedIn: () => void;
  /** Signed up: the new-user step follows. */
  onNewUser: () => void;
  /** "Sign in with password" in the different-credentials dialog. */
  onUsePassword: () => void;
  /** Verb of the buttons: "Continue with Google" (sign-in) or "Sign up with Google". */
  verb?: string;
};

/**
 * The social sign-in buttons (only configured providers), the popup flow and its outcomes (accounts.md
 * §4/§8): a new user goes to the new-user step; an address that already has an account opens "Account
 * exists with different credentials", which resumes with the password or another provider and then links
 * this one; a closed popup is silent; other failures are toasts.
 */
export function SocialSignIn({
  targetPath,
  onSignedIn,
  onNewUser,
  onUsePassword,
  verb = 'Continue with',
}: SocialSignInProps) {
  const queryClient = useQueryClient();
  const signInProviders = useSignInProviders().data;
  const providers = signInProviders?.social ?? NONE;
  const appealUrl = signInProviders?.appeal_url;
  const [busy, setBusy] = useState<SocialProviderId | null>(null);
  const [existing, setExisting] = useState<SocialProvider | null>(null);
  // The account has a second factor: its code is asked for before the session exists.
  const [secondStep, setSecondStep] = useState<string[] | null>(null);
  // "Sign in with password": focus goes to the form once the dialog has closed, not back to the button.
  const usePassword = useRef(false);

  // The full-page flow (popup blocked) comes back to /sign-in?error=…: the same outcomes as the popup's.
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const redirectError = searchParams.get('error');
  useEffect(() => {
    if (!redirectError || providers.length === 0) return;
    const description = searchParams.get('error_description') ?? undefined;
    const id = takeRedirectProvider();
    const provider = providers.find((p) => p.id === id);
    const failure = socialFailure(redirectError, description, provider?.name ?? 'your provider', appealUrl);
    if (failure.kind === 'accountExists' && provider) setExisting(provider);
    else if (failure.kind === 'twoFactor') setSecondStep(failure.methods);
    else if (failure.kind === 'toast') showFailureToast(failure, pathname);
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        return params;
      },
      { replace: true },
    );
  }, [redirectError, providers, appealUrl, searchParams, setSearchParams, pathname]);

  if (providers.length === 0) return null;

  /** Signed in (after the provider, or after its second step): links a pending provider, then goes on. */
  const signedIn = async (isNewUser: boolean) => {
    await refreshSession(queryClient);
    // Resuming "account exists": the provider that was refused is linked now that the user is in.
    if (await linkPendingProvider(targetPath)) return;
    if (isNewUser) onNewUser();
    else onSignedIn();
  };

  const start = async (provider: SocialProvider) => {
    if (busy) return;
    setBusy(provider.id);
    try {
      const outcome = await signInWithPopup(provider.id, targetPath);
      if (outcome.status === 'blocked') {
        await signInWithRedirect(provider.id, targetPath);
        return;
      }
      if (outcome.status === 'cancelled') return;
      if (outcome.status === 'error') {
        const failure = socialFailure(outcome.code, outcome.message, provider.name, appealUrl);
        if (failure.kind === 'accountExists') setExisting(provider);
        else if (failure.kind === 'twoFactor') setSecondStep(failure.methods);
        else if (failure.kind === 'toast') showFailureToast(failure, pathname);
        return;
      }
      await signedIn(outcome.isNewUser);
    } catch {
      toast.forPage(pathname).error(`Unable to login with ${provider.name}.`);
    } finally {
      setBusy(null);
    }
  };

  const others = existing ? providers.filter((p) => p.id !== existing.id) : [];

  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-400 uppercase dark:text-zinc-500">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <div className="grid gap-2.5">
        {providers.map((provider) => (
          <Button
            key={provider.id}
            type="button"
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={busy !== null}
            onClick={() => void start(provider)}
          >
            <ProviderMark provider={provider.id} />
            {verb} {provider.name}
          </Button>
        ))}
      </div>
      <Modal
        open={secondStep !== null}
        onOpenChange={(open) => (open ? null : setSecondStep(null))}
        title="Two-factor authentication"
      >
        {secondStep ? (
          <TwoFactorStep
            methods={secondStep}
            onSuccess={() => {
              setSecondStep(null);
              void signedIn(false);
            }}
            onRestart={() => setSecondStep(null)}
          />
        ) : null}
      </Modal>
      <Modal
        open={existing !== null}
        onOpenChange={(open) => (open ? null : setExisting(null))}
        title={ACCOUNT_EXISTS_TITLE}
        onCloseAutoFocus={(event) => {
          if (!usePassword.current) return;
          usePassword.current = false;
          event.preventDefault();
          onUsePassword();
        }}
        description={
          existing
            ? `An account with the email address of your ${existing.name} account already exists. Sign in the way you did before and we will connect ${existing.name} to it, so you can use either next time.`
            : undefined
        }
      >
        <div className="grid gap-2.5">
          <Button
            type="button"
            size="lg"
            className="w-full"
            onClick={() => {
              if (existing) rememberPendingLink(existing.id);
              usePassword.current = true;
              setExisting(null);
            }}
          >
            Sign in with password
          </Button>
          {others.map((provider) => (
            <Button
              key={provider.id}
              type="button"
              variant="secondary"
              size="lg"
              className="w-full"
              onClick={() => {
                if (existing) rememberPendingLink(existing.id);
                setExisting(null);
                void start(provider);
              }}
            >
              <ProviderMark provider={provider.id} />
              Continue with {provider.name}
            </Button>
          ))}
          <Button type="button" variant="ghost" className="w-full" onClick={() => setExisting(null)}>
            Cancel
          </Button>
        </div>
      </Modal>
    </>
  );
}
