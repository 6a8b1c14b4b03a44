/**
 * Rules of webhook delivery (decision 120): which answers are retried, when a webhook is switched off after
 * failing again and again, and which callback URLs are accepted.
 */

/** Consecutive failed delivery attempts after which a webhook is disabled automatically. */
export const AUTO_DISABLE_AFTER_FAILURES = 10;

/** Attempts of one delivery when retries are on (the first one included). */
export const DELIVERY_MAX_ATTEMPTS = 5;

/** Seconds a receiver has to answer before the attempt counts as a timeout. */
export const DELIVERY_TIMEOUT_SECONDS = 10;

/**
 * Whether a failed attempt is worth retrying: ElevenLabs retries "transient failures (5xx, 429, timeout)";
 * `status` null means no answer (timeout, refused connection, DNS).
 */
export function isRetryableFailure(status: number | null): boolean {
  return status === null || status === 429 || status === 408 || status >= 500;
}

/** Whether an answer counts as delivered (any 2xx). */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** Whether a webhook whose streak of failed attempts reached `consecutiveFailures` is to be disabled. */
export function shouldAutoDisable(consecutiveFailures: number): boolean {
  return consecutiveFailures >= AUTO_DISABLE_AFTER_FAILURES;
}

/**
 * What is wrong with a callback URL, or null when it is acceptable: absolute http(s) with a host, https
 * only unless the operator lets webhooks reach plain http (OUTBOUND_ALLOW_PRIVATE, for local receivers),
 * no credentials in it, at most 2048 characters.
 */
export function webhookUrlProblem(value: string, allowHttp: boolean): string | null {
  if (value.length > 2048) return 'The webhook URL is too long (at most 2048 characters).';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The webhook URL is not a valid URL.';
  }
  if (value !== value.trim() || url.hostname === '') return 'The webhook URL is not a valid URL.';
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    return 'The webhook URL must use https.';
  }
  if (url.username || url.password) return 'The webhook URL may not contain a user name or password.';
  return null;
}
