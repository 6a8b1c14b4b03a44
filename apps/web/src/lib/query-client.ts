import { QueryClient } from '@tanstack/react-query';

import { isHttpError } from './api-client';

const MAX_RETRIES = 2;

/** Retries only what a retry can fix: network failures and 5xx, never 4xx answers. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
