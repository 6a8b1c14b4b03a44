/**
 * Test corpus (used by the domain table test and the server's mailed-link tests): same-origin-looking
 * redirect targets that a URL parser, a browser or a second decoding turns into another host or a path
 * outside the allow-list. Each must resolve to the default target. `[name, target]` pairs.
 */
export const HOSTILE_REDIRECT_TARGETS: readonly (readonly [string, string])[] = [
  // Dot segments and their encodings, which WHATWG URL parsing resolves before the path is read.
  ['dot-slash normalising to //evil.com', '/.//evil.com'],
  ['dot-dot back to the root then //evil.com', '/app/../..//evil.com'],
  ['encoded dot-dots back to //evil.com', '/app/%2e%2e/%2e%2e//evil.com'],
  ['mixed-case encoded dot-dots', '/app/%2E%2e/%2e%2E//evil.com'],
  ['an encoded single dot then //evil.com', '/%2e//evil.com'],
  ['.%2e as a dot-dot', '/usage/.%2e/.%2e//evil.com'],
  ['dot segments after an allowed prefix', '/usage/./..//evil.com'],
  ['traversal hidden after a route-table path', '/app/home/..//..//evil.com'],
  ['traversal out of an allowed prefix', '/usage/../evil'],
  // Encoded and double-encoded slashes and backslashes (a later decode makes them real).
  ['an encoded slash after the root', '/%2fevil.com'],
  ['two encoded slashes', '/%2F%2Fevil.com'],
  ['an encoded slash inside an allowed prefix', '/usage%2f..%2f..%2f%2fevil.com'],
  ['a double-encoded slash pair', '/usage/%252f%252fevil.com'],
  ['a triple-encoded dot-dot', '/dubs/%25252e%25252e/evil'],
  ['an encoded backslash after the root', '/%5cevil.com'],
  ['two encoded backslashes', '/%5C%5Cevil.com'],
  ['a double-encoded backslash', '/usage/%255cevil.com'],
  // Raw backslashes, which the URL parser reads as slashes.
  ['a raw backslash pair', '\\\\evil.com'],
  ['slash-backslash', '/\\evil.com'],
  ['slash-backslash-slash', '/\\/evil.com'],
  // Tabs, newlines and NUL, which the URL parser drops (or a server truncates at).
  ['a carriage return and newline before //', '/usage\r\n//evil.com'],
  ['a tab inside //', '/\t/evil.com/usage'],
  ['a newline inside //', '/\n/evil.com'],
  ['a NUL byte', '/usage\u0000//evil.com'],
  ['a leading tab', '\t/usage'],
  ['an encoded tab', '/%09/evil.com'],
  ['an encoded newline', '/usage/%0a//evil.com'],
  ['an encoded NUL', '/usage/%00'],
  // Schemes and authorities.
  ['protocol-relative //evil.com', '//evil.com'],
  ['a scheme without slashes', 'https:evil.com'],
  ['a scheme with one slash', 'https:/evil.com'],
  ['a scheme with backslashes', 'https:\\\\evil.com'],
  ['credentials that name our host', 'https://app.vocalis.test@evil.com/usage'],
  ['an encoded at-sign', '/%40evil.com'],
  ['javascript: URL', 'javascript:alert(1)'],
];
