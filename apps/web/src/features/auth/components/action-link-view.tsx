import {
  ACTION_LINK_MESSAGES,
  actionLinkCloseTarget,
  actionLinkReducer,
  actionLinkValuesToStore,
  initialActionLinkState,
  type ActionLinkParams,
  type ActionLinkState,
  type PasswordCodeOutcome,
} from '@vocalis/domain/action-link';
import { accountRoutes } from '@vocalis/domain/app-routes';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { errorToastMessage } from '@/lib/error-toast';
import { removeStored, writeStored } from '@/lib/storage';

import {
  checkPasswordResetCode,
  confirmPasswordReset,
  optOutOfUpdates,
  verifyEmail,
  verifySignInRequest,
} from '../api/action-codes';
import { NewPasswordForm } from './new-password-form';

function codeOutcome(error: unknown): PasswordCodeOutcome {
  if (!isHttpError(error)) return 'unknownError';
  if (error.status === 429) return 'tooManyRequests';
  return error.status === 400 || error.status === 401 ? 'invalidActionCode' : 'unknownError';
}

/**
 * One dialog of the page. Each replaces the previous one in place, so it takes keyboard focus on its
 * heading (unless a field of its own already has it): the form the user was in is gone, and focus would
 * otherwise drop to the page start with nothing announced.
 */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!section.current?.contains(document.activeElement)) heading.current?.focus();
  }, [title]); // one Panel element serves every dialog in turn: a new title is a new dialog
  return (
    <section ref={section} role="dialog" aria-label={title} className="space-y-4">
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-zinc-900 outline-none dark:text-white"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

const text = 'text-sm text-zinc-600 dark:text-zinc-400';

/** The action-link landing page (accounts.md §2, §4): runs the link's action and shows its dialog. */
export function ActionLinkView({ params }: { params: ActionLinkParams }) {
  const [state, dispatch] = useReducer(actionLinkReducer, initialActionLinkState);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    for (const [name, value] of actionLinkValuesToStore(params)) writeStored(name, value);
    dispatch({ type: 'opened', mode: params.mode, hasCode: params.code !== null });
    const code = params.code;
    if (!code) return;
    if (params.mode === 'verifyEmail') {
      // The sign-in prompt says it is verified; the toast comes with the sign-in (accounts.md §4), once.
      verifyEmail(code).then(
        () => dispatch({ type: 'emailVerified', ok: true }),
        () => dispatch({ type: 'emailVerified', ok: false }),
      );
    } else if (params.mode === 'resetPassword') {
      checkPasswordResetCode(code).then(
        ({ email }) => dispatch({ type: 'passwordCodeChecked', outcome: 'success', email }),
        (error: unknown) => dispatch({ type: 'passwordCodeChecked', outcome: codeOutcome(error) }),
      );
    } else if (params.mode === 'optOutOfUpdates') {
      optOutOfUpdates(code).then(
        () => dispatch({ type: 'optedOut', ok: true }),
        () => dispatch({ type: 'optedOut', ok: false }),
      );
    }
  }, [params]);

  const close = () => {
    dispatch({ type: 'closed' });
    const target = actionLinkCloseTarget(state.mode, params, window.location.origin);
    if (target) {
      for (const [name] of actionLinkValuesToStore(params)) removeStored(name);
    }
    void navigate(target ?? accountRoutes.signIn.path, { replace: true });
  };

  return <ActionLinkDialog state={state} params={params} dispatch={dispatch} onClose={close} />;
}

type DialogProps = {
  state: ActionLinkState;
  params: ActionLinkParams;
  dispatch: (event: Parameters<typeof actionLinkReducer>[1]) => void;
  onClose: () => void;
};

function ActionLinkDialog({ state, params, dispatch, onClose }: DialogProps) {
  if (state.busy) {
    return (
      <div
        className="flex items-center justify-center gap-3 py-6 text-sm text-zinc-600 dark:text-zinc-400"
        role="status"
      >
        <Spinner className="size-5" /> Working on it…
      </div>
    );
  }
  if (state.error) {
    return (
      <Panel title="Something went wrong">
        <p role="alert" className={text}>
          {state.error}
        </p>
        <Link to={accountRoutes.signIn.path} className={buttonClasses('secondary', 'md', 'w-full')}>
          Back to sign in
        </Link>
      </Panel>
    );
  }
  switch (state.dialog) {
    case 'needsVerifyEmail':
      return (
        <Panel title="Email verified">
          <p className={text}>{ACTION_LINK_MESSAGES.emailVerified} Sign in to continue.</p>
          <Button className="w-full" onClick={onClose}>
            Sign in
          </Button>
        </Panel>
      );
    case 'changePassword':
      return (
        <Panel title="Reset your password">
          <NewPasswordForm
            email={state.email}
            onSubmit={async (password) => {
              const ok = await confirmPasswordReset(params.code!, password).then(
                () => true,
                () => false,
              );
              dispatch({ type: 'passwordChanged', ok });
            }}
          />
        </Panel>
      );
    case 'changePasswordSucceeded':
      return (
        <Panel title="Password changed">
          <p className={text}>Your password has been changed. You can now sign in with your new password.</p>
          <Button className="w-full" onClick={onClose}>
            Sign in
          </Button>
        </Panel>
      );
    case 'changePasswordFailed':
      return (
        <Panel title="Try resetting your password again">
          <p role="alert" className={text}>
            {ACTION_LINK_MESSAGES.expiredLink}
          </p>
          <Button variant="secondary" className="w-full" onClick={onClose}>
            Close
          </Button>
        </Panel>
      );
    case 'optOutUpdatesSuccess':
      return (
        <Panel title="Unsubscribed">
          <p className={text}>{ACTION_LINK_MESSAGES.optOutSuccess}</p>
          <Button className="w-full" onClick={onClose}>
            Continue
          </Button>
        </Panel>
      );
    case 'optOutUpdatesFailed':
      return (
        <Panel title="Could not unsubscribe">
          <p role="alert" className={text}>
            {ACTION_LINK_MESSAGES.optOutFailure}
          </p>
          <Button variant="secondary" className="w-full" onClick={onClose}>
            Close
          </Button>
        </Panel>
      );
    case 'verifySignInRequest':
      return <GrantSupportAccess code={params.code!} dispatch={dispatch} onClose={onClose} />;
    case 'none':
      return (
        <Panel title="Nothing to do here">
          <p className={text}>This link needs no further action.</p>
          <Link to={accountRoutes.signIn.path} className={buttonClasses('secondary', 'md', 'w-full')}>
            Go to sign in
          </Link>
        </Panel>
      );
  }
}

export const SUPPORT_ACCESS_GRANTED = 'Thank you for granting us access to your account!';

/** The "grant support access" dialog: the user confirms, then the single-use code is spent. */
function GrantSupportAccess({
  code,
  dispatch,
  onClose,
}: {
  code: string;
  dispatch: DialogProps['dispatch'];
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const grant = async () => {
    setPending(true);
    try {
      await verifySignInRequest(code);
      toast.success(SUPPORT_ACCESS_GRANTED);
      onClose();
    } catch (error) {
      // "failure shows the server message"
      const message = errorToastMessage(error);
      toast.error(message);
      dispatch({ type: 'signInRequestVerified', ok: false, message });
    }
  };
  return (
    <Panel title="Grant support access">
      <p className={text}>
        Our support team asked to access your account to help you. Grant access only if you contacted support
        and want them to look into your account.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" className="w-full" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button className="w-full" onClick={() => void grant()} disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          Grant access
        </Button>
      </div>
    </Panel>
  );
}
