/**
 * The profile's first_name for a new account, from the name it was created with (sign-up form, admin
 * CLI --name, a social provider's profile): its first word, so "Ann Lee" starts as "Ann". The settings
 * page and the onboarding survey can change it later.
 *
 * The sign-up form and the admin CLI fill an empty name with the address's local part; that is not a
 * name the person gave, so it gives no first name (null), as before.
 */
export function firstNameFromAccountName(name: string | null | undefined, email: string): string | null {
  const trimmed = name?.trim() ?? '';
  if (!trimmed || trimmed === email.split('@')[0]) return null;
  return trimmed.split(/\s+/u)[0]!;
}
