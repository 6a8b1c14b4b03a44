import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './sso-sign-in.service';

describe('where an SSO sign-in lands', () => {
  it.each([
    ['/app/studio', '/app/studio'],
    ['/app/history?page=2', '/app/history?page=2'],
    [undefined, '/app/home'],
    ['https://evil.com/', '/app/home'],
    ['//evil.com', '/app/home'],
    ['/\\evil.com', '/app/home'],
    ['/.//evil.com', '/app/home'],
    ['/app/../..//evil.com', '/app/home'],
    ['/app/%2e%2e/%2e%2e//evil.com', '/app/home'],
    ['/not-a-page', '/app/home'],
  ])('%s → %s', (target, landing) => {
    expect(safeCallbackPath(target)).toBe(landing);
  });
});
