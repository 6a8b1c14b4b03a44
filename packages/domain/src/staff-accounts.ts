/**
 * accounts.md §1/§6: "Staff accounts are recognised by the company email domain and are treated as
 * internal." Only a verified address counts (anyone can type a staff address into the sign-up form), and
 * only the exact domain: `a@vocalis.ai` is staff for `vocalis.ai`, `a@evil-vocalis.ai` and
 * `a@vocalis.ai.evil.com` are not. Subdomains are not staff unless listed.
 */
export function isStaffEmail(
  email: string,
  emailVerified: boolean,
  staffDomains: readonly string[],
): boolean {
  if (!emailVerified || staffDomains.length === 0) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return staffDomains.some((d) => d.toLowerCase() === domain);
}
