import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_VERIFICATION_MESSAGES,
  isSensitiveActionAllowed,
  SENSITIVE_ACTION_WINDOW_MS,
  shellInternalCodeAction,
} from './account-verification';

const now = new Date('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const min = 60 * 1000;

describe('isSensitiveActionAllowed', () => {
  it.each([
    ['signed in just now', ago(0), null, true],
    ['signed in 9:59 ago', ago(10 * min - 1000), null, true],
    ['signed in exactly 10 minutes ago', ago(10 * min), null, false],
    ['signed in an hour ago', ago(60 * min), null, false],
    ['old session, email access verified 2 minutes ago', ago(60 * min), ago(2 * min), true],
    ['old session, email access verified 10 minutes ago', ago(60 * min), ago(10 * min), false],
    ['old session, email access verified 11 minutes ago', ago(60 * min), ago(11 * min), false],
    ['session from the future (clock skew)', new Date(now.getTime() + min), null, true],
  ])('%s → %s', (_name, sessionCreatedAt, emailAccessVerifiedAt, allowed) => {
    expect(isSensitiveActionAllowed({ now, sessionCreatedAt, emailAccessVerifiedAt })).toBe(allowed);
  });

  it('uses a ten-minute window', () => {
    expect(SENSITIVE_ACTION_WINDOW_MS).toBe(600_000);
  });

  it('quotes the spec for a verified email access', () => {
    expect(ACCOUNT_VERIFICATION_MESSAGES.emailAccessVerified).toBe(
      'Email access verified. Please try the action again.',
    );
  });
});

describe('shellInternalCodeAction', () => {
  const of = (q: string) => shellInternalCodeAction(new URLSearchParams(q));
  it.each([
    ['newUser=false&internalCode=abc', { kind: 'redeem', code: 'abc' }],
    ['newUser=false&internalCode=abc&isReverting=true', { kind: 'revert', code: 'abc' }],
    ['newUser=false&internalCode=abc&isReverting=false', { kind: 'redeem', code: 'abc' }],
    ['newUser=true&internalCode=abc', null],
    ['internalCode=abc', null],
    ['newUser=false', null],
    ['newUser=false&internalCode=', null],
  ])('%s', (query, expected) => {
    expect(of(query)).toEqual(expected);
  });
});
