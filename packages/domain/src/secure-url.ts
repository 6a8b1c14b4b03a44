/**
 * The secure-URL check (accounts.md §5, content-and-workspace.md §5): "Only https URLs pass the
 * secure-URL check."
 */

/**
 * Whether `value` is an absolute `https://` URL with a host. Strings the URL parser would have to
 * repair are refused: surrounding whitespace, `https:host` without slashes, backslashes, control
 * characters. Anything that does not parse is false, never an exception.
 */
export function isSecureUrl(value: string): boolean {
  if (typeof value !== 'string' || value !== value.trim()) return false;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!/^https:\/\//i.test(value) || /[\\\u0000-\u001F\u007F]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== '';
  } catch {
    return false;
  }
}
