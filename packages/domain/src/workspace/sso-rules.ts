/**
 * Single sign-on rules of a workspace (issue 11; decisions 160-161): which addresses a workspace's identity
 * provider may sign in, how a claimed domain is written and proven, and what a sign-in may do on arrival.
 */

export const SSO_MESSAGES = {
  fetchProvidersFailed: 'Error when fetching workspace identity providers',
  domainNotVerified:
    "Single sign-on is only available for email addresses of this workspace's verified domains.",
  noAccountNoProvisioning:
    'No account exists for this email address and this workspace does not create accounts automatically. Ask your workspace administrator for an invitation.',
  notMemberNoProvisioning:
    'You are not a member of this workspace and it does not add members automatically. Ask your workspace administrator for an invitation.',
  signInFailed: 'Single sign-on failed. Please try again or contact your workspace administrator.',
  providerNotFound: 'This identity provider does not exist.',
  providerDisabled: 'This identity provider is disabled. Contact your workspace administrator.',
  otherProvider:
    "This email address signs in through another of the workspace's identity providers. Start again from the sign-in page.",
  domainTaken: 'This domain is already verified by another workspace.',
  domainInvalid: 'Enter a domain name such as example.com.',
  domainExists: 'This domain has already been added to the workspace.',
  txtNotFound: (name: string) =>
    `The TXT record was not found. Publish it at ${name} and try again; DNS changes can take a while to spread.`,
  ssoRequired: 'Your workspace requires single sign-on. Continue with your identity provider.',
} as const;

/** The TXT record prefix the token is published under (`_vocalis-verification.<domain>`). */
export const DOMAIN_TXT_PREFIX = '_vocalis-verification';
/** The value's prefix, so the record is recognisable among others. */
export const DOMAIN_TXT_VALUE_PREFIX = 'vocalis-domain-verification=';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The domain as stored: lower case, no trailing dot; null when it is not a registrable-looking host name. */
export function normalizeDomain(input: string): string | null {
  const d = input.trim().toLowerCase().replace(/\.$/, '');
  if (d.length < 3 || d.length > 253) return null;
  const labels = d.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null; // an IP address is not a domain
  return d;
}

/** The domain part of an email address, lower-cased; null for something that is not an address. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  return normalizeDomain(email.trim().slice(at + 1));
}

/** The record name a workspace publishes for `domain`. */
export const txtRecordName = (domain: string) => `${DOMAIN_TXT_PREFIX}.${domain}`;
/** The record value that proves `token`. */
export const txtRecordValue = (token: string) => `${DOMAIN_TXT_VALUE_PREFIX}${token}`;

/**
 * True when one of the TXT records (each a list of character strings, as DNS returns them) holds the token.
 * Long TXT records are split into 255-byte strings: they are joined before comparing.
 */
export function txtRecordsProve(records: string[][], token: string): boolean {
  const want = txtRecordValue(token);
  return records.some((chunks) => chunks.join('').trim() === want);
}

/** What an SSO sign-in does for an address once the identity provider has vouched for it. */
export type SsoArrival =
  { kind: 'refuse'; message: string } | { kind: 'sign_in' } | { kind: 'join' } | { kind: 'create_and_join' };

/**
 * The rule: the provider only speaks for addresses in its workspace's verified domains. An existing member
 * signs in; anyone else joins (and is created first when there is no account) only when the workspace
 * auto-provisions users; seats are checked by the caller when joining.
 */
export function ssoArrival(input: {
  domainVerified: boolean;
  userExists: boolean;
  isMember: boolean;
  autoProvisioning: boolean;
}): SsoArrival {
  if (!input.domainVerified) return { kind: 'refuse', message: SSO_MESSAGES.domainNotVerified };
  if (input.isMember) return { kind: 'sign_in' };
  if (!input.autoProvisioning) {
    return {
      kind: 'refuse',
      message: input.userExists ? SSO_MESSAGES.notMemberNoProvisioning : SSO_MESSAGES.noAccountNoProvisioning,
    };
  }
  return input.userExists ? { kind: 'join' } : { kind: 'create_and_join' };
}
