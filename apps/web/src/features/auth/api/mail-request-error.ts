import { isHttpError } from '@/lib/api-client';

/**
 * The text for a failed mail request (verification or reset, accounts.md §8): "the server message or"
 * the spec's fallback. A mail limit's 429 carries the limiter's words ('Too many requests, please try
 * again in a few minutes.'); a network failure or a 5xx has no message for the user, so the fallback shows.
 */
export function mailRequestError(error: unknown, fallback: string): string {
  return isHttpError(error) && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : fallback;
}
