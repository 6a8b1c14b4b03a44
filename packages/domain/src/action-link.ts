/**
 * The action-link landing page (accounts.md §2 "Action-link landing page", §4 "Action-link dialog
 * state", §8 "Action links and email"): its query parameters, the dialog state machine as a pure
 * reducer, and where the user goes when a dialog closes.
 */
import { resolveRedirectTarget } from './redirect-target';

/** "Supported modes: optOutOfUpdates, resetPassword, recoverEmail (nothing happens), verifyEmail, verifySignInRequest." */
export const ACTION_MODES = [
  'optOutOfUpdates',
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'verifySignInRequest',
] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

/** The spec's texts for this page. */
export const ACTION_LINK_MESSAGES = {
  expiredLink:
    'An error occured, your link is either expired or invalid, please request another password change.',
  tooManyAttempts: 'Too many attempts, please try again in a few minutes.',
  optOutSuccess: 'We have opted you out of receiving product updates.',
  optOutFailure:
    'An error occurred while trying to opt you out from receiving product updates, please try again.',
  emailVerified: 'Your email address was successfully verified.',
  // Not worded by the spec:
  verifyEmailFailure: 'An error occured while verifying your email address, please request a new link.',
  unknownMode: 'This link is not valid. Please check that you copied the whole link.',
} as const;

/** The page's query parameters; the code arrives as verificationCode or oobCode. */
export type ActionLinkParams = {
  mode: string | null;
  code: string | null;
  continueUrl: string | null;
  /** "lang (default en)". */
  lang: string;
  userId: string | null;
  coupon: string | null;
  newUser: string | null;
  inviteCode: string | null;
  internalCode: string | null;
  sensitiveActionVerificationCode: string | null;
};

/** Reads the spec's parameters from a query string. */
export function parseActionLinkParams(search: URLSearchParams): ActionLinkParams {
  const get = (name: string) => {
    const value = search.get(name);
    return value === null || value === '' ? null : value;
  };
  return {
    mode: get('mode'),
    code: get('verificationCode') ?? get('oobCode'),
    continueUrl: get('continueUrl'),
    lang: get('lang') ?? 'en',
    userId: get('userId'),
    coupon: get('coupon'),
    newUser: get('newUser'),
    inviteCode: get('invite_code'),
    internalCode: get('internalCode'),
    sensitiveActionVerificationCode: get('sensitiveActionVerificationCode'),
  };
}

/** "It stores coupon, newUser, invite code, internalCode and sensitive-action code locally": name → value. */
export function actionLinkValuesToStore(params: ActionLinkParams): [string, string][] {
  const entries: [string, string | null][] = [
    ['coupon', params.coupon],
    ['new_user', params.newUser],
    ['invite_code', params.inviteCode],
    ['internal_verification_code', params.internalCode],
    ['sensitive_action_verification_code', params.sensitiveActionVerificationCode],
  ];
  return entries.filter((e): e is [string, string] => e[1] !== null);
}

export function isActionMode(mode: string | null): mode is ActionMode {
  return (ACTION_MODES as readonly string[]).includes(mode ?? '');
}

/** "Action-link dialog state" of §4. */
export type ActionDialog =
  | 'none'
  | 'needsVerifyEmail'
  | 'changePassword'
  | 'changePasswordSucceeded'
  | 'changePasswordFailed'
  | 'optOutUpdatesSuccess'
  | 'optOutUpdatesFailed'
  | 'verifySignInRequest';

export type ActionLinkState = {
  mode: ActionMode | null;
  dialog: ActionDialog;
  /** Working on the first step (checking a code, verifying, opting out). */
  busy: boolean;
  /** The account the reset code belongs to, once checked. */
  email: string | null;
  /** An error outside the dialogs (unknown mode, failed verification, too many attempts). */
  error: string | null;
  /** The dialog was closed; the page may navigate away. */
  closed: boolean;
};

/** "Password code check outcomes: success, invalidActionCode, unknownError" (+ too many requests, §8). */
export type PasswordCodeOutcome = 'success' | 'invalidActionCode' | 'unknownError' | 'tooManyRequests';

export type ActionLinkEvent =
  | { type: 'opened'; mode: string | null; hasCode: boolean }
  | { type: 'passwordCodeChecked'; outcome: PasswordCodeOutcome; email?: string }
  | { type: 'passwordChanged'; ok: boolean }
  | { type: 'emailVerified'; ok: boolean }
  | { type: 'optedOut'; ok: boolean }
  | { type: 'signInRequestVerified'; ok: boolean; message?: string }
  | { type: 'closed' };

export const initialActionLinkState: ActionLinkState = {
  mode: null,
  dialog: 'none',
  busy: false,
  email: null,
  error: null,
  closed: false,
};

/** The dialog state machine of §4; unexpected events leave the state as it is. */
export function actionLinkReducer(state: ActionLinkState, event: ActionLinkEvent): ActionLinkState {
  switch (event.type) {
    case 'opened': {
      if (!isActionMode(event.mode)) {
        return { ...initialActionLinkState, error: ACTION_LINK_MESSAGES.unknownMode };
      }
      const mode = event.mode;
      if (mode === 'recoverEmail') return { ...initialActionLinkState, mode };
      // Every other mode needs its code; without one the link cannot work.
      if (!event.hasCode) {
        const dialog =
          mode === 'resetPassword'
            ? 'changePasswordFailed'
            : mode === 'optOutOfUpdates'
              ? 'optOutUpdatesFailed'
              : 'none';
        const error = dialog === 'none' ? ACTION_LINK_MESSAGES.unknownMode : null;
        return { ...initialActionLinkState, mode, dialog, error };
      }
      if (mode === 'verifySignInRequest')
        return { ...initialActionLinkState, mode, dialog: 'verifySignInRequest' };
      return { ...initialActionLinkState, mode, busy: true };
    }
    case 'passwordCodeChecked': {
      if (state.mode !== 'resetPassword' || !state.busy) return state;
      if (event.outcome === 'success')
        return { ...state, busy: false, dialog: 'changePassword', email: event.email ?? null };
      if (event.outcome === 'tooManyRequests')
        return { ...state, busy: false, error: ACTION_LINK_MESSAGES.tooManyAttempts };
      return { ...state, busy: false, dialog: 'changePasswordFailed' };
    }
    case 'passwordChanged':
      if (state.dialog !== 'changePassword') return state;
      return { ...state, dialog: event.ok ? 'changePasswordSucceeded' : 'changePasswordFailed' };
    case 'emailVerified':
      if (state.mode !== 'verifyEmail' || !state.busy) return state;
      return event.ok
        ? { ...state, busy: false, dialog: 'needsVerifyEmail' }
        : { ...state, busy: false, error: ACTION_LINK_MESSAGES.verifyEmailFailure };
    case 'optedOut':
      if (state.mode !== 'optOutOfUpdates' || !state.busy) return state;
      return { ...state, busy: false, dialog: event.ok ? 'optOutUpdatesSuccess' : 'optOutUpdatesFailed' };
    case 'signInRequestVerified':
      if (state.dialog !== 'verifySignInRequest') return state;
      return event.ok
        ? { ...state, dialog: 'none', closed: true }
        : { ...state, error: event.message ?? null };
    case 'closed':
      return { ...state, dialog: 'none', closed: true };
  }
}

/**
 * Where to go when a dialog closes: "After a support-access grant or an opt-out the user goes to the root
 * path." Otherwise, with a continueUrl, "the user is sent there with internalCode and newUser appended"
 * (only same-origin allowed targets, by the redirect rule); null means stay (e.g. show sign-in).
 */
export function actionLinkCloseTarget(
  mode: ActionMode | null,
  params: ActionLinkParams,
  origin: string,
): string | null {
  if (mode === 'optOutOfUpdates' || mode === 'verifySignInRequest') return '/';
  if (!params.continueUrl) return null;
  const target = resolveRedirectTarget(params.continueUrl, { origin });
  const url = new URL(target, origin);
  if (params.internalCode) url.searchParams.set('internalCode', params.internalCode);
  if (params.newUser) url.searchParams.set('newUser', params.newUser);
  return url.pathname + url.search + url.hash;
}
