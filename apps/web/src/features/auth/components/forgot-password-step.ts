import { accountRoutes } from '@vocalis/domain/app-routes';
import type { Location, To } from 'react-router';

/** The sign-in page's query value for its "Forgot password?" step (/sign-in?step=forgot-password). */
export const FORGOT_PASSWORD_STEP = 'forgot-password';

/** What the sign-in form hands the step: the address typed so far (kept out of the URL). */
export type ForgotPasswordState = { email?: string } | null;

/** The sign-in page with `step` set (or removed when null), keeping its other parameters (?redirect=). */
export function signInStepPath(search: string, step: string | null): To {
  const params = new URLSearchParams(search);
  if (step) params.set('step', step);
  else params.delete('step');
  const query = params.toString();
  return { pathname: accountRoutes.signIn.path, search: query ? `?${query}` : '' };
}

/** Where "Forgot password?" leads from the sign-in page at `location`. */
export function forgotPasswordPath(location: Pick<Location, 'search'>): To {
  return signInStepPath(location.search, FORGOT_PASSWORD_STEP);
}
