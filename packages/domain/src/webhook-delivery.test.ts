import { describe, expect, it } from 'vitest';
import {
  AUTO_DISABLE_AFTER_FAILURES,
  isDelivered,
  isRetryableFailure,
  shouldAutoDisable,
  webhookUrlProblem,
} from './webhook-delivery';

describe('webhook delivery rules', () => {
  it.each([
    [null, true],
    [500, true],
    [503, true],
    [429, true],
    [408, true],
    [400, false],
    [401, false],
    [404, false],
    [301, false],
  ])('retries an answer of %s: %s (5xx, 429, timeout)', (status, retry) => {
    expect(isRetryableFailure(status)).toBe(retry);
  });

  it.each([
    [200, true],
    [204, true],
    [299, true],
    [300, false],
    [500, false],
    [null, false],
  ])('counts %s as delivered: %s', (status, ok) => {
    expect(isDelivered(status)).toBe(ok);
  });

  it('disables after the streak reaches the limit, not before', () => {
    expect(shouldAutoDisable(AUTO_DISABLE_AFTER_FAILURES - 1)).toBe(false);
    expect(shouldAutoDisable(AUTO_DISABLE_AFTER_FAILURES)).toBe(true);
  });

  it.each([
    ['https://hooks.example.com/in', false, null],
    ['http://hooks.example.com/in', false, 'The webhook URL must use https.'],
    ['http://127.0.0.1:8080/in', true, null],
    ['ftp://example.com/x', true, 'The webhook URL must use https.'],
    ['not a url', false, 'The webhook URL is not a valid URL.'],
    [' https://example.com', false, 'The webhook URL is not a valid URL.'],
    ['https://user:pw@example.com/', false, 'The webhook URL may not contain a user name or password.'],
    [`https://example.com/${'a'.repeat(2040)}`, false, 'The webhook URL is too long (at most 2048 characters).'],
  ])('judges %s (plain http allowed: %s)', (url, allowHttp, problem) => {
    expect(webhookUrlProblem(url, allowHttp)).toBe(problem);
  });
});
