import { describe, expect, it } from 'vitest';
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_REQUIREMENTS_HEADING,
  isPasswordValid,
  passwordConfirmationError,
  passwordErrorMessages,
  passwordRequirementsError,
} from './password-rules';

const NUMBER = 'Your password must contain a number.';
const LETTER = 'Your password must contain a letter.';
const SPECIAL = 'Your password must contain a special character.';
const LENGTH = 'Your password must be more than 8 characters long.';

// accounts.md §5: "valid only with at least 8 characters after trimming, plus a letter, a digit and a
// special character"; §9: "Minimum password length 8."
describe('password strength (accounts.md §5)', () => {
  it('uses the spec minimum of 8', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });

  it.each([
    ['exactly 8 with letter, digit, special', 'abcdef1!'],
    ['long passphrase', 'correct-horse-battery-9'],
    ['unicode letter', 'пароль12#'],
    ['symbol as special', 'abc123$$'],
    ['inner spaces do not matter', 'ab cd 1 !'],
    ['emoji as special', 'abcdefg1🙂'],
  ])('accepts %s: %j', (_name, password) => {
    expect(passwordErrorMessages(password)).toEqual([]);
    expect(isPasswordValid(password)).toBe(true);
    expect(passwordRequirementsError(password)).toBeNull();
  });

  it.each([
    ['no digit', 'abcdefg!', [NUMBER]],
    ['no letter', '1234567!', [LETTER]],
    ['no special character', 'abcdefg1', [SPECIAL]],
    ['7 characters', 'abcde1!', [LENGTH]],
    ['8 characters only with surrounding spaces', '  abc1!  ', [LENGTH]],
    ['a space is not a special character', 'abcd 1234', [SPECIAL]],
    ['empty', '', [NUMBER, LETTER, SPECIAL, LENGTH]],
    ['only letters, short', 'abc', [NUMBER, SPECIAL, LENGTH]],
    ['only digits', '123456789', [LETTER, SPECIAL]],
  ])('rejects %s: %j', (_name, password, messages) => {
    expect(passwordErrorMessages(password)).toEqual(messages);
    expect(isPasswordValid(password)).toBe(false);
  });

  it("puts the heading 'Your password doesn't meet our security requirements:' before the messages", () => {
    expect(PASSWORD_REQUIREMENTS_HEADING).toBe("Your password doesn't meet our security requirements:");
    expect(passwordRequirementsError('abcdefgh')).toBe(
      `Your password doesn't meet our security requirements: ${NUMBER} ${SPECIAL}`,
    );
  });
});

describe('new password confirmation (accounts.md §5)', () => {
  it.each([
    ['same', 'abcdef1!', 'abcdef1!', null],
    ['different', 'abcdef1!', 'abcdef1?', 'Your passwords do not match'],
    ['trailing space differs', 'abcdef1!', 'abcdef1! ', 'Your passwords do not match'],
  ])('%s', (_name, password, confirmation, expected) => {
    expect(passwordConfirmationError(password, confirmation)).toBe(expected);
  });
});
