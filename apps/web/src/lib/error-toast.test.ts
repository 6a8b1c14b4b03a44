// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { HttpError } from './api-client';
import { errorToastMessage, GENERIC_ERROR_MESSAGE } from './error-toast';

describe('error toast rule', () => {
  it('shows the server message below 500', () => {
    expect(errorToastMessage(new HttpError(404, 'Voice not found', 'not_found'))).toBe('Voice not found');
  });

  it('shows the fallback, or the generic text, from 500 up', () => {
    const error = new HttpError(500, 'Internal details', 'internal_error');
    expect(errorToastMessage(error)).toBe('Something went wrong, please try again later.');
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong, please try again later.');
    expect(errorToastMessage(error, 'Could not save')).toBe('Could not save');
  });

  it('does not show messages of errors that are not HTTP errors', () => {
    expect(errorToastMessage(new Error('x is undefined'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});
