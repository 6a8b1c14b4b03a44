import { appRoutes } from '@vocalis/domain/app-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** "Voices and saved items cached for 604800 s (7 days)" (§9): voices rarely change in a session. */
const VOICES_STALE_MS = 5 * 60_000;

/** The stored selected voice (§9 "Storage keys: selected model, speech-to-speech model, voice …"). */
export const SELECTED_VOICE_STORAGE = 'voice';

/** "Voice previews: 'We are sorry, something went wrong.'" (§8). */
export const VOICE_PREVIEW_ERROR = 'We are sorry, something went wrong.';

/** GET /v1/voices (shared by the text-to-speech and history features). */
export function getVoices(signal?: AbortSignal) {
  return api.get<{ voices: Voice[] }>('/v1/voices', { signal });
}

export const voicesQueryOptions = () =>
  queryOptions({
    queryKey: ['voices'] as const,
    queryFn: ({ signal }) => getVoices(signal),
    select: (data) => usableVoices(data.voices),
    staleTime: VOICES_STALE_MS,
  });

/**
 * The voices lists and pickers show (content-and-workspace.md §5 "Voice list hides"): not a voice under
 * safety_control BAN (blocked), nor a library copy whose sharing became copied_disabled (unusable).
 * The safety shell reads the unfiltered list to tell the user about a blocked voice. A professional
 * voice shows once trained (it cannot speak before; the professional cloning page lists it meanwhile).
 */
export function usableVoices(voices: Voice[]): Voice[] {
  return voices.filter(
    (v) =>
      v.safety_control !== 'BAN' &&
      (v.sharing as { status?: string } | null | undefined)?.status !== 'copied_disabled' &&
      (v.category !== 'professional' || isTrained(v)),
  );
}

/** A professional voice whose training finished for some model. */
export function isTrained(v: Voice): boolean {
  const state = (v.fine_tuning as { state?: Record<string, string> } | null | undefined)?.state ?? {};
  return Object.values(state).includes('fine_tuned');
}

export function useVoices() {
  return useQuery(voicesQueryOptions());
}

/** `?voice_id=` on the text-to-speech page selects that voice ("Use in text to speech"). */
export const VOICE_PARAM = 'voice_id';

/** The text-to-speech page with `voiceId` selected. */
export function textToSpeechHref(voiceId: string): string {
  return `${appRoutes.textToSpeech.path}?${VOICE_PARAM}=${encodeURIComponent(voiceId)}`;
}
