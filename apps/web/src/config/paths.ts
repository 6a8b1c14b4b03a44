import { accountRoutes, appRoutes, publicRoutes, type AppRoute } from '@vocalis/domain/app-routes';

/**
 * The route table lives once in @vocalis/domain/app-routes; this file only selects from it.
 * Navigation and the router use built routes only, so no link ever points at a missing page.
 */
const builtApp = Object.values(appRoutes).filter((route) => route.built);

/** App pages that exist in this build. */
export const builtAppRoutes: readonly AppRoute[] = builtApp.filter((route) => !route.redirectTo);
/** App paths that send the visitor on to another built page (/app, /app/history). */
export const builtAppRedirects: readonly AppRoute[] = builtApp.filter((route) => route.redirectTo);

export const builtAccountRoutes: readonly AppRoute[] = Object.values(accountRoutes).filter(
  (route) => route.built,
);

/** Pages open to everyone, signed in or not (e.g. /pricing). */
export const builtPublicRoutes: readonly AppRoute[] = Object.values(publicRoutes).filter(
  (route) => route.built,
);

export const paths = {
  root: '/',
  signIn: accountRoutes.signIn.path,
  home: appRoutes.home.path,
} as const;
