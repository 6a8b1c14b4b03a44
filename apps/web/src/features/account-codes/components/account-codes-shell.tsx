import { useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_VERIFICATION_MESSAGES,
  SENSITIVE_ACTION_CODE_PARAM,
  shellInternalCodeAction,
} from '@vocalis/domain/account-verification';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { toast } from '@/components/ui/toast/toast-store';
import { sessionQueryOptions, useUser } from '@/lib/auth';
import { currentUserKey } from '@/lib/current-user';
import { errorToastMessage } from '@/lib/error-toast';
import { readStored, removeStored } from '@/lib/storage';

import { redeemInternalCode, revertEmail, verifySensitiveActionCode } from '../api/account-code-calls';

/** The action page stores the email-access code under this name (accounts.md §3). */
const STORED_SENSITIVE_CODE = 'sensitive_action_verification_code';

/** accounts.md §8 "Email change": the revert link is an email change too. */
export const EMAIL_UPDATED = 'Email updated! Please refresh this page to reauthenticate.';
export const EMAIL_UPDATE_FAILED = 'Unable to update email, ';

const without = (params: URLSearchParams, names: string[]) => {
  const next = new URLSearchParams(params);
  for (const name of names) next.delete(name);
  return next;
};

/**
 * accounts.md §2 "Other URL parameters read by the shell": "When the URL has newUser false and
 * internalCode, the internal code is redeemed (or reverted when isReverting is set) and the user goes to
 * the root." Redeeming attaches an internal verification code; reverting uses the email-change revert
 * code the old address was mailed (decision 022).
 */
function useInternalCodeFromUrl() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const handled = useRef<string | null>(null);
  const action = shellInternalCodeAction(params);

  useEffect(() => {
    if (!action || !user || handled.current === action.code) return;
    handled.current = action.code;
    setParams((prev) => without(prev, ['newUser', 'internalCode', 'isReverting']), { replace: true });
    const done = () => void navigate('/', { replace: true });
    if (action.kind === 'revert') {
      revertEmail(action.code).then(
        () => {
          toast.success(EMAIL_UPDATED);
          void queryClient.invalidateQueries({ queryKey: currentUserKey });
          void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
          done();
        },
        (error: unknown) => {
          toast.error(EMAIL_UPDATE_FAILED + errorToastMessage(error));
          done();
        },
      );
    } else {
      redeemInternalCode(user.email, action.code).then(
        () => {
          toast.success(ACCOUNT_VERIFICATION_MESSAGES.emailVerified);
          void queryClient.invalidateQueries({ queryKey: currentUserKey });
          done();
        },
        (error: unknown) => {
          toast.error(errorToastMessage(error));
          done();
        },
      );
    }
  }, [action, user, setParams, navigate, queryClient]);
}

/**
 * Email-access verification (accounts.md §2, §5, §8): a code from the URL (or stored by the action page)
 * is submitted once and cleared; success says 'Email access verified. Please try the action again.',
 * failure shows the HTTP error.
 */
function useEmailAccessVerification() {
  const [params, setParams] = useSearchParams();
  const user = useUser();
  const handled = useRef<string | null>(null);
  const fromUrl = params.get(SENSITIVE_ACTION_CODE_PARAM);
  const code = fromUrl || readStored<string | null>(STORED_SENSITIVE_CODE, null);

  useEffect(() => {
    if (!code || !user || handled.current === code) return;
    handled.current = code;
    removeStored(STORED_SENSITIVE_CODE);
    if (fromUrl) setParams((prev) => without(prev, [SENSITIVE_ACTION_CODE_PARAM]), { replace: true });
    verifySensitiveActionCode(code).then(
      () => toast.success(ACCOUNT_VERIFICATION_MESSAGES.emailAccessVerified),
      (error: unknown) => toast.error(errorToastMessage(error)),
    );
  }, [code, fromUrl, user, setParams]);
}

/** The account-code parameters the signed-in shell reads once. */
export function AccountCodesShell() {
  useInternalCodeFromUrl();
  useEmailAccessVerification();
  return null;
}
