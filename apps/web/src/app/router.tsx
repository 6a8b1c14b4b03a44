import type { QueryClient } from '@tanstack/react-query';
import { accountRoutes, type AppRoute } from '@vocalis/domain/app-routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';

import {
  builtAccountRoutes,
  builtAppRedirects,
  builtAppRoutes,
  builtPublicRoutes,
  paths,
} from '@/config/paths';
import { afterSignInPath, sessionQueryOptions, signInHref, type Session } from '@/lib/auth';

import { AppNotFoundPage, NotFoundPage, RouteErrorPage, RouteSpinner } from './routes/route-feedback';
import RootLayout from './routes/root-layout';

type PageModule = () => Promise<{ default: ComponentType }>;

/** The page of every built route, by route key. A built route without a page fails the router test. */
export const accountPages: Partial<Record<string, PageModule>> = {
  signIn: () => import('./routes/sign-in'),
  signUp: () => import('./routes/sign-up'),
  actionLink: () => import('./routes/action'),
};
export const publicPages: Partial<Record<string, PageModule>> = {
  pricing: () => import('@/features/billing/routes/pricing-route'),
  sharedSpeech: () => import('@/features/shared-speech/routes/shared-speech-route'),
};
export const appPages: Partial<Record<string, PageModule>> = {
  home: () => import('./routes/app/home'),
  settings: () => import('./routes/app/settings/settings'),
  settingsApiKeys: () => import('./routes/app/settings/api-keys'),
  onboarding: () => import('@/features/onboarding/routes/onboarding-route'),
  onboardingNext: () => import('@/features/onboarding/routes/onboarding-next-route'),
  onboardingChecklist: () => import('@/features/onboarding/routes/onboarding-checklist-route'),
  textToSpeech: () => import('@/features/text-to-speech/routes/text-to-speech-route'),
  speechToText: () => import('@/features/speech-to-text/routes/speech-to-text-route'),
  textToSpeechHistory: () => import('@/features/speech-history/routes/speech-history-route'),
  speechToSpeech: () => import('@/features/speech-to-speech/routes/speech-to-speech-route'),
  voiceIsolator: () => import('@/features/voice-isolator/routes/voice-isolator-route'),
  speechToSpeechHistory: () => import('@/features/speech-history/routes/speech-to-speech-history-route'),
  subscription: () => import('@/features/billing/routes/subscription-route'),
  usage: () => import('@/features/usage/routes/usage-route'),
  usageWorkspace: () => import('@/features/usage/routes/workspace-usage-route'),
  voiceLab: () => import('@/features/voices/routes/voice-lab-route'),
  defaultVoices: () => import('@/features/voices/routes/default-voices-route'),
  workspaceVoices: () => import('@/features/voices/routes/workspace-voices-route'),
  voiceLibrary: () => import('@/features/voice-library/routes/voice-library-route'),
  voiceLibraryCollections: () => import('@/features/voice-library/routes/collections-route'),
  voiceLabCollections: () => import('@/features/voice-library/routes/collections-route'),
  voiceLabShare: () => import('@/features/voice-library/routes/shared-voice-route'),
  professionalVoiceCloning: () =>
    import('@/features/professional-voices/routes/professional-voice-cloning-route'),
  voiceVerification: () => import('@/features/professional-voices/routes/voice-verification-route'),
  aiClassifier: () => import('@/features/ai-classifier/routes/ai-classifier-route'),
  workspaceWebhooks: () => import('@/features/webhooks/routes/workspace-webhooks-route'),
  settingsWebhooks: () => import('@/features/webhooks/routes/user-webhooks-route'),
  workspaceServiceAccounts: () => import('./routes/app/workspace/service-accounts'),
  soundEffects: () => import('@/features/sound-effects/routes/sound-effects-route'),
  soundEffectsGenerate: () => import('@/features/sound-effects/routes/sound-effects-route'),
  soundEffectsHistory: () => import('@/features/sound-effects/routes/sound-effects-route'),
  soundEffectsExplore: () => import('@/features/sound-effects/routes/sound-effects-route'),
  soundEffectsExploreSearch: () => import('@/features/sound-effects/routes/sound-effects-route'),
  soundEffectsExploreCategory: () => import('@/features/sound-effects/routes/sound-effects-route'),
  workspace: () => import('@/features/workspace/routes/workspace-route'),
  workspaceMembers: () => import('@/features/workspace/routes/members-route'),
  workspaceSecurity: () => import('@/features/workspace/routes/security-route'),
  workspaceGroups: () => import('@/features/workspace/routes/groups-route'),
  settingsWorkspaceInvites: () => import('@/features/workspace/routes/workspace-invites-route'),
  dubbing: () => import('@/features/dubbing/routes/dubbing-route'),
  voiceoverStudio: () => import('@/features/voiceover/routes/voiceover-route'),
  studio: () => import('@/features/studio/routes/studio-projects-route'),
  studioProject: () => import('@/features/studio/routes/studio-project-route'),
  audioNative: () => import('@/features/audio-native/routes/audio-native-route'),
  audioNativeSettings: () => import('@/features/audio-native/routes/audio-native-settings-route'),
  audioNativePlayer: () => import('@/features/audio-native/routes/audio-native-player-route'),
  pronunciationDictionaries: () => import('@/features/pronunciation/routes/pronunciation-route'),
  conversationalAi: () => import('@/features/conversational-ai/routes/agents-route'),
  convaiTalkTo: () => import('@/features/conversational-ai/routes/talk-to-route'),
  convaiHistory: () => import('@/features/conversational-ai/routes/history-route'),
  convaiKnowledgeBase: () => import('@/features/conversational-ai/routes/knowledge-base-route'),
  convaiTools: () => import('@/features/conversational-ai/routes/tools-route'),
  convaiPhoneNumbers: () => import('@/features/conversational-ai/routes/phone-numbers-route'),
  convaiBatchCalling: () => import('@/features/conversational-ai/routes/batch-calls-route'),
};

function mountBuilt(routes: readonly AppRoute[], pages: Partial<Record<string, PageModule>>): RouteObject[] {
  return routes.flatMap((route) => {
    const page = pages[route.key];
    if (!page) return [];
    return [{ path: route.path, lazy: async () => ({ Component: (await page()).default }) }];
  });
}

/** Redirecting paths of the table (/app, /app/history) send on to their page, keeping the query. */
function mountRedirects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map((route) => ({
    path: route.path,
    loader: ({ request }: { request: Request }) => {
      const { search, hash } = new URL(request.url);
      return redirect(`${route.redirectTo}${search}${hash}`);
    },
  }));
}

/** The session, or null when signed out. */
function loadSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/**
 * Routes come from the shared route table: only built routes are mounted. /app/* needs a session
 * (otherwise /sign-in?redirect=<path>); / goes to home or sign-in.
 */
export function createAppRouter(queryClient: QueryClient) {
  // Sign-in and sign-up step aside for a signed-in user; the action-link page works either way.
  const signInRoutes = mountBuilt(builtAccountRoutes, accountPages).map((route) =>
    route.path === accountRoutes.actionLink.path
      ? route
      : {
          ...route,
          loader: async ({ request }: { request: Request }) => {
            // A session check that fails (server down) leaves the form up; signing in will report it.
            const session = await loadSession(queryClient).catch(() => null);
            const params = new URL(request.url).searchParams;
            // The new-user step after a social sign-up is shown to the user just signed in.
            if (session && params.get('step') !== 'welcome')
              return redirect(afterSignInPath(params.get('redirect')));
            return null;
          },
        },
  );

  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RouteSpinner,
      children: [
        {
          path: paths.root,
          loader: async () =>
            redirect((await loadSession(queryClient).catch(() => null)) ? paths.home : paths.signIn),
        },
        ...signInRoutes,
        ...mountBuilt(builtPublicRoutes, publicPages),
        {
          path: '/app',
          loader: async ({ request }) => {
            const session = await loadSession(queryClient);
            if (!session) {
              const url = new URL(request.url);
              return redirect(signInHref(url.pathname + url.search));
            }
            return null;
          },
          lazy: async () => ({ Component: (await import('./routes/app/app-root')).default }),
          children: [
            ...mountRedirects(builtAppRedirects),
            ...mountBuilt(builtAppRoutes, appPages),
            { path: '*', Component: AppNotFoundPage },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}
