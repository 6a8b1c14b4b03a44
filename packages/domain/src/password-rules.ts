/**
 * Password rules (accounts.md §5, §8, §9): "valid only with at least 8 characters after trimming, plus a
 * letter, a digit and a special character"; "the two entries must match". Shared by the server (sign-up,
 * reset, change) and the web forms so both say exactly the same thing.
 */

/** "Minimum password length 8." */
export const MIN_PASSWORD_LENGTH = 8;

/** The heading shown above the unmet requirements. */
export const PASSWORD_REQUIREMENTS_HEADING = "Your password doesn't meet our security requirements:";

/** One message per requirement, in the order the spec lists them. */
export const PASSWORD_MESSAGES = {
  number: 'Your password must contain a number.',
  letter: 'Your password must contain a letter.',
  special: 'Your password must contain a special character.',
  length: 'Your password must be more than 8 characters long.',
} as const;

/** "the two entries must match, otherwise 'Your passwords do not match'". */
export const PASSWORDS_DO_NOT_MATCH = 'Your passwords do not match';

export type PasswordRequirement = keyof typeof PASSWORD_MESSAGES;

const CHECKS: readonly [PasswordRequirement, (password: string) => boolean][] = [
  ['number', (p) => /\p{Nd}/u.test(p)],
  ['letter', (p) => /\p{L}/u.test(p)],
  // Anything that is neither a letter, a digit nor whitespace counts as special (punctuation, symbols, emoji).
  ['special', (p) => /[^\p{L}\p{N}\s]/u.test(p)],
  ['length', (p) => [...p.trim()].length >= MIN_PASSWORD_LENGTH],
];

/** The requirements `password` does not meet, in the spec's order; empty when it is acceptable. */
export function unmetPasswordRequirements(password: string): PasswordRequirement[] {
  return CHECKS.filter(([, ok]) => !ok(password)).map(([name]) => name);
}

/** Whether `password` meets every requirement. */
export function isPasswordValid(password: string): boolean {
  return unmetPasswordRequirements(password).length === 0;
}

/** The messages for the unmet requirements of `password`, in the spec's order. */
export function passwordErrorMessages(password: string): string[] {
  return unmetPasswordRequirements(password).map((name) => PASSWORD_MESSAGES[name]);
}

/**
 * One sentence for an API error: the heading followed by each unmet requirement, or null when the
 * password is acceptable.
 */
export function passwordRequirementsError(password: string): string | null {
  const messages = passwordErrorMessages(password);
  return messages.length ? [PASSWORD_REQUIREMENTS_HEADING, ...messages].join(' ') : null;
}

/** 'Your passwords do not match' when the confirmation differs from the password, otherwise null. */
export function passwordConfirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : PASSWORDS_DO_NOT_MATCH;
}
