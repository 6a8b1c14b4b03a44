import { describe, expect, it } from 'vitest';
import { isSecureUrl } from './secure-url';

// "Only https URLs pass the secure-URL check." (accounts.md §5, content-and-workspace.md §5)
describe('isSecureUrl', () => {
  it.each([
    ['https://example.com'],
    ['https://example.com/path?q=1#h'],
    ['HTTPS://EXAMPLE.COM'],
    ['https://localhost:8443/x'],
    ['https://user:pw@example.com'],
    ['https://[::1]/'],
  ])('passes the https URL %s', (value) => {
    expect(isSecureUrl(value)).toBe(true);
  });

  it.each([
    ['http', 'http://example.com'],
    ['ftp', 'ftp://example.com'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/plain,hi'],
    ['ws', 'ws://example.com'],
    ['wss (secure, but not https)', 'wss://example.com'],
    ['protocol-relative', '//example.com'],
    ['a relative path', '/path'],
    ['https without slashes', 'https:example.com'],
    ['https with no host', 'https://'],
    ['a backslash the parser would repair', 'https:\\\\example.com'],
    ['leading whitespace', ' https://example.com'],
    ['trailing space', 'https://example.com '],
    ['trailing newline', 'https://example.com\n'],
    ['an embedded tab', 'https://exa\tmple.com'],
    ['an invalid host', 'https://exa mple.com'],
    ['an empty string', ''],
    ['plain text', 'not a url'],
  ])('fails %s: %j', (_name, value) => {
    expect(isSecureUrl(value)).toBe(false);
  });
});
