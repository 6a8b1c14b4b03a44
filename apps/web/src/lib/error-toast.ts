import { toast } from '@/components/ui/toast/toast-store';

import { isHttpError } from './api-client';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again later.';

/** The text the toast rule gives for an error: the server message below 500, otherwise the fallback. */
export function errorToastMessage(error: unknown, fallback?: string): string {
  if (isHttpError(error) && error.status < 500 && error.message) return error.message;
  return fallback ?? GENERIC_ERROR_MESSAGE;
}

/** Toast helper of accounts.md §8: shows errorToastMessage as an error toast. */
export function showErrorToast(error: unknown, fallback?: string): number {
  return toast.error(errorToastMessage(error, fallback));
}
