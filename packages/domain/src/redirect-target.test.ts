import { describe, expect, it } from 'vitest';
import { allRoutes } from './app-routes';
import { isAllowedRedirectPath, resolveRedirectTarget, VERCEL_CALLBACK_PATH } from './redirect-target';
import { HOSTILE_REDIRECT_TARGETS } from './redirect-target.corpus';

const origin = 'https://app.vocalis.test';
const resolve = (target: string | null | undefined, afterInternalEmailVerification = false) =>
  resolveRedirectTarget(target, { origin, afterInternalEmailVerification });

// accounts.md §2: "Allowed paths: affiliates, audio-native, history, request-alpha-access, subscription,
// usage, speech-synthesis, dubs, redirect, /v1/dubs/{id}, /v1/projects/{id}, /app/voice-lab/share/{id}/{id},
// the callback of a deployment-platform integration (...), /sound-effects/{slug}, /app/studio/{id}, plus
// every path in the central route table."
describe('resolveRedirectTarget honours same-origin allowed targets', () => {
  it.each([
    ['affiliates', '/affiliates'],
    ['affiliates sub-path', '/affiliates/terms'],
    ['audio-native', '/audio-native'],
    ['history', '/history'],
    ['request-alpha-access', '/request-alpha-access'],
    ['subscription', '/subscription'],
    ['usage', '/usage'],
    ['speech-synthesis', '/speech-synthesis'],
    ['dubs', '/dubs'],
    ['dubs sub-path', '/dubs/abc123'],
    ['redirect', '/redirect'],
    ['/v1/dubs/{id}', '/v1/dubs/dub_123'],
    ['/v1/projects/{id}', '/v1/projects/proj_9'],
    ['/app/voice-lab/share/{id}/{id}', '/app/voice-lab/share/pub1/voice2'],
    ['/sound-effects/{slug}', '/sound-effects/thunder-clap'],
    ['/app/studio/{id}', '/app/studio/p1'],
    ['a route-table path', '/app/speech-synthesis/text-to-speech'],
    ['a route-table path with the spec query ?dialog=add-2fa', '/app/settings?dialog=add-2fa'],
    ['a path with search and hash kept', '/usage?tab=1#top'],
    ['a trailing slash', '/usage/'],
    ['an absolute URL on the same origin (only path+search+hash returned)', `${origin}/app/home?x=1`],
    ['the same origin with an explicit default port', 'https://app.vocalis.test:443/history'],
  ])('honours %s', (_name, target) => {
    const expected = target.replace(/^https:\/\/app\.vocalis\.test(:443)?/, '');
    expect(resolve(target)).toBe(expected);
  });

  it.each(allRoutes.map((route) => [route.path] as const))('honours route-table path %s', (path) => {
    const concrete = path.replace(/:[A-Za-z]+/g, 'x1');
    expect(resolve(concrete)).toBe(concrete);
  });

  it.each([
    [`${VERCEL_CALLBACK_PATH}?code=c1&configurationId=icfg_1`],
    [
      `${VERCEL_CALLBACK_PATH}?code=c1&configurationId=icfg_1&next=https%3A%2F%2Fvercel.com&source=marketplace&teamId=t1`,
    ],
  ])('honours the Vercel callback "query: code, configurationId, next, source, teamId": %s', (target) => {
    expect(resolve(target)).toBe(target);
  });
});

describe('resolveRedirectTarget falls back to the default target', () => {
  it.each<readonly [string, string | null | undefined]>([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['another origin', 'https://evil.com/usage'],
    ['another scheme on the same host', 'http://app.vocalis.test/usage'],
    ['another port', 'https://app.vocalis.test:8443/usage'],
    ['a sub-domain', 'https://evil.app.vocalis.test/usage'],
    ['protocol-relative to an allowed-looking path', '//evil.com/usage'],
    ['protocol-relative even to our own host', '//app.vocalis.test/usage'],
    ['backslash inside the path', '/usage\\..\\evil'],
    ['a tab that the URL parser would drop', '/\t/evil.com'],
    ['a newline', '/usage\n'],
    ['javascript: URL with a path-looking body', 'javascript://app.vocalis.test/usage%0Aalert(1)'],
    ['data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a bare relative name', 'usage'],
    ['a leading space', ' /usage'],
    ['an encoded slash in a sub-path', '/dubs/..%2F..%2Fevil'],
    ['an encoded dot-dot', '/dubs/%2e%2e/evil'],
    ['a double-encoded dot-dot', '/dubs/%252e%252e/evil'],
    ['a double-encoded slash', '/sound-effects/a%252Fb'],
    ['an encoded backslash', '/dubs/%5Cevil.com'],
    ['malformed percent-encoding', '/dubs/%E0%A4%A'],
    ['an id with a slash in /v1/dubs/{id}', '/v1/dubs/a/b'],
    ['an encoded slash in an id', '/v1/dubs/a%2Fb'],
    ['a missing id', '/v1/projects/'],
    ['an empty middle segment', '/app//home'],
    ['a studio id with a slash', '/app/studio/a/b'],
    ['a voice-lab share with one id', '/app/voice-lab/share/only-one'],
    ['an unknown app path', '/app/not-a-page'],
    ['a sub-path of a route-table path (table entries match exactly)', '/app/home/extra'],
    ['the root path', '/'],
    ['a prefix that only starts like an allowed one', '/usage-evil'],
    ['a different case', '/USAGE'],
    ['the Vercel callback without code', `${VERCEL_CALLBACK_PATH}?configurationId=icfg_1`],
    ['the Vercel callback without configurationId', `${VERCEL_CALLBACK_PATH}?code=c1`],
    ['the Vercel callback with an empty code', `${VERCEL_CALLBACK_PATH}?code=&configurationId=icfg_1`],
    ...HOSTILE_REDIRECT_TARGETS,
    [
      'the Vercel callback with an unlisted parameter',
      `${VERCEL_CALLBACK_PATH}?code=c1&configurationId=i&evil=1`,
    ],
  ])('rejects %s', (_name, target) => {
    expect(resolve(target)).toBe('/');
  });

  // "the onboarding route right after an email verification that used an internal code"
  it.each([
    [null, '/app/onboarding'],
    ['https://evil.com', '/app/onboarding'],
    ['/usage', '/usage'],
  ])('after an internal-code email verification, %s resolves to %s', (target, expected) => {
    expect(resolve(target, true)).toBe(expected);
  });

  it.each([
    [null, '/sign-in'],
    ['/.//evil.com', '/sign-in'],
    ['/usage', '/usage'],
  ])('with a caller-given default (the mailed continue address), %s resolves to %s', (target, expected) => {
    expect(resolveRedirectTarget(target, { origin, fallback: '/sign-in' })).toBe(expected);
  });

  it.each(HOSTILE_REDIRECT_TARGETS)('keeps %s on the origin whatever resolves it next', (_name, target) => {
    const out = resolve(target);
    expect(new URL(out, origin).origin).toBe(origin);
    expect(out.startsWith('/') && !out.startsWith('//') && !out.includes('\\')).toBe(true);
  });

  it('uses only the origin part of a configured origin that carries a path', () => {
    expect(resolveRedirectTarget('/usage', { origin: `${origin}/app/home` })).toBe('/usage');
  });

  it('throws when the configured origin is not a URL', () => {
    expect(() => resolveRedirectTarget('/usage', { origin: 'not a url' })).toThrow();
  });
});

describe('isAllowedRedirectPath', () => {
  it.each([
    ['/history', true],
    ['/history/item', true],
    ['/v1/projects/p1', true],
    ['/v1/projects/p1/extra', false],
    ['/app/voice-lab/collections', true],
    ['/sign-in', true],
    ['/pricing', true], // the public pricing page is in the route table
    ['/enterprise', false],
    ['//evil.com', false],
    ['/dubs/.', false],
    ['usage', false],
    ['', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isAllowedRedirectPath(pathname)).toBe(expected);
  });
});
