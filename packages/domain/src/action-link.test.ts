import { describe, expect, it } from 'vitest';
import {
  ACTION_LINK_MESSAGES,
  actionLinkCloseTarget,
  actionLinkReducer,
  actionLinkValuesToStore,
  initialActionLinkState,
  parseActionLinkParams,
  type ActionLinkEvent,
  type ActionLinkState,
} from './action-link';

const run = (...events: ActionLinkEvent[]): ActionLinkState =>
  events.reduce(actionLinkReducer, initialActionLinkState);
const open = (mode: string | null, hasCode = true): ActionLinkEvent => ({ type: 'opened', mode, hasCode });

describe('action-link parameters (accounts.md §2)', () => {
  it('reads every parameter, the code from verificationCode or oobCode, lang defaulting to en', () => {
    const p = parseActionLinkParams(
      new URLSearchParams(
        'mode=verifyEmail&oobCode=abc&continueUrl=%2Fsign-in&userId=u1&coupon=SAVE&newUser=true&invite_code=inv&internalCode=ic&sensitiveActionVerificationCode=sa',
      ),
    );
    expect(p).toEqual({
      mode: 'verifyEmail',
      code: 'abc',
      continueUrl: '/sign-in',
      lang: 'en',
      userId: 'u1',
      coupon: 'SAVE',
      newUser: 'true',
      inviteCode: 'inv',
      internalCode: 'ic',
      sensitiveActionVerificationCode: 'sa',
    });
    expect(parseActionLinkParams(new URLSearchParams('verificationCode=v&oobCode=o&lang=de'))).toMatchObject({
      code: 'v',
      lang: 'de',
    });
  });

  it('stores coupon, newUser, invite code, internalCode and sensitive-action code, nothing else', () => {
    const p = parseActionLinkParams(
      new URLSearchParams(
        'mode=x&coupon=C&newUser=false&invite_code=I&internalCode=N&sensitiveActionVerificationCode=S&userId=u',
      ),
    );
    expect(actionLinkValuesToStore(p)).toEqual([
      ['coupon', 'C'],
      ['new_user', 'false'],
      ['invite_code', 'I'],
      ['internal_verification_code', 'N'],
      ['sensitive_action_verification_code', 'S'],
    ]);
    expect(actionLinkValuesToStore(parseActionLinkParams(new URLSearchParams('mode=x')))).toEqual([]);
  });
});

// accounts.md §4 "Action-link dialog state".
describe('action-link dialog state machine', () => {
  it('starts with no dialog', () => {
    expect(initialActionLinkState.dialog).toBe('none');
  });

  it.each([['somethingElse'], [null], ['']])('treats mode %j as an error', (mode) => {
    expect(run(open(mode))).toMatchObject({ dialog: 'none', error: ACTION_LINK_MESSAGES.unknownMode });
  });

  it('recoverEmail: nothing happens', () => {
    expect(run(open('recoverEmail'))).toEqual({ ...initialActionLinkState, mode: 'recoverEmail' });
  });

  it.each([
    ['success opens the new-password form', 'success', 'changePassword', null],
    ['an invalid code shows the expired-link error', 'invalidActionCode', 'changePasswordFailed', null],
    ['an unknown error shows the expired-link error', 'unknownError', 'changePasswordFailed', null],
    [
      'too many requests says so',
      'tooManyRequests',
      'none',
      'Too many attempts, please try again in a few minutes.',
    ],
  ] as const)('resetPassword: %s', (_name, outcome, dialog, error) => {
    const s = run(open('resetPassword'), { type: 'passwordCodeChecked', outcome, email: 'a@b.c' });
    expect(s).toMatchObject({ dialog, error, busy: false });
  });

  it('resetPassword: checks the code first, then a successful change shows the success notice', () => {
    const checking = run(open('resetPassword'));
    expect(checking).toMatchObject({ busy: true, dialog: 'none' });
    const form = actionLinkReducer(checking, {
      type: 'passwordCodeChecked',
      outcome: 'success',
      email: 'a@b.c',
    });
    expect(form).toMatchObject({ dialog: 'changePassword', email: 'a@b.c' });
    expect(actionLinkReducer(form, { type: 'passwordChanged', ok: true }).dialog).toBe(
      'changePasswordSucceeded',
    );
    expect(actionLinkReducer(form, { type: 'passwordChanged', ok: false }).dialog).toBe(
      'changePasswordFailed',
    );
  });

  it('resetPassword without a code shows the expired-link error', () => {
    expect(run(open('resetPassword', false)).dialog).toBe('changePasswordFailed');
  });

  it('verifyEmail: verifies, then shows the sign-in prompt; a failure is an error', () => {
    expect(run(open('verifyEmail'))).toMatchObject({ busy: true });
    expect(run(open('verifyEmail'), { type: 'emailVerified', ok: true }).dialog).toBe('needsVerifyEmail');
    expect(run(open('verifyEmail'), { type: 'emailVerified', ok: false })).toMatchObject({
      dialog: 'none',
      error: ACTION_LINK_MESSAGES.verifyEmailFailure,
    });
  });

  it('optOutOfUpdates: success or failure dialog', () => {
    expect(run(open('optOutOfUpdates'), { type: 'optedOut', ok: true }).dialog).toBe('optOutUpdatesSuccess');
    expect(run(open('optOutOfUpdates'), { type: 'optedOut', ok: false }).dialog).toBe('optOutUpdatesFailed');
    expect(ACTION_LINK_MESSAGES.optOutSuccess).toBe('We have opted you out of receiving product updates.');
    expect(ACTION_LINK_MESSAGES.optOutFailure).toBe(
      'An error occurred while trying to opt you out from receiving product updates, please try again.',
    );
  });

  it('verifySignInRequest: opens the grant dialog; failure shows the server message', () => {
    const s = run(open('verifySignInRequest'));
    expect(s.dialog).toBe('verifySignInRequest');
    expect(
      actionLinkReducer(s, { type: 'signInRequestVerified', ok: false, message: 'Code expired' }).error,
    ).toBe('Code expired');
    expect(actionLinkReducer(s, { type: 'signInRequestVerified', ok: true })).toMatchObject({ closed: true });
  });

  it('ignores events that do not belong to the current state', () => {
    const s = run(open('verifyEmail'));
    expect(actionLinkReducer(s, { type: 'optedOut', ok: true })).toBe(s);
    expect(actionLinkReducer(s, { type: 'passwordChanged', ok: true })).toBe(s);
  });

  it('closing any dialog marks the page closed', () => {
    expect(run(open('optOutOfUpdates'), { type: 'optedOut', ok: true }, { type: 'closed' })).toMatchObject({
      dialog: 'none',
      closed: true,
    });
  });
});

describe('where a closed dialog leads (accounts.md §2)', () => {
  const origin = 'https://app.vocalis.test';
  const params = (q: string) => parseActionLinkParams(new URLSearchParams(q));

  it('goes to the root after an opt-out or a support-access grant', () => {
    expect(actionLinkCloseTarget('optOutOfUpdates', params('continueUrl=/usage'), origin)).toBe('/');
    expect(actionLinkCloseTarget('verifySignInRequest', params(''), origin)).toBe('/');
  });

  it('goes to continueUrl with internalCode and newUser appended', () => {
    expect(
      actionLinkCloseTarget(
        'verifyEmail',
        params('continueUrl=%2Fsign-in&internalCode=ic&newUser=true'),
        origin,
      ),
    ).toBe('/sign-in?internalCode=ic&newUser=true');
  });

  it('never leaves the origin', () => {
    expect(
      actionLinkCloseTarget('verifyEmail', params('continueUrl=https%3A%2F%2Fevil.example%2F'), origin),
    ).toBe('/');
  });

  it('stays without a continueUrl', () => {
    expect(actionLinkCloseTarget('resetPassword', params(''), origin)).toBeNull();
  });
});
