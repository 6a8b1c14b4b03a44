import { useQuery } from '@tanstack/react-query';
import type { dictionariesList } from '@vocalis/contracts/pronunciation-dictionaries';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

/** A dictionary of the workspace as the list gives it (latest version, rule count, archive time). */
export type DictionaryChoice = z.infer<typeof dictionariesList>['pronunciation_dictionaries'][number];

/** What text to speech, dialogue and Studio take: a dictionary at one version (the SDK's locator). */
export type DictionaryLocator = { pronunciation_dictionary_id: string; version_id: string | null };

/** The SDK's limit of dictionaries per request, applied in order. */
export const MAX_DICTIONARIES = 3;

/**
 * GET /v1/pronunciation-dictionaries, shared by the pickers of text to speech and Studio (the same query key
 * as the dictionaries page, so a change there refreshes the pickers).
 */
export const useDictionaryChoices = () =>
  useQuery({
    queryKey: ['pronunciation-dictionaries', 'list'] as const,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof dictionariesList>>('/v1/pronunciation-dictionaries', {
        signal,
        params: { page_size: 100 },
      }),
    select: (d) => d.pronunciation_dictionaries,
  });

/** The locators whose dictionary still exists and is not archived (a stored choice may outlive it). */
export function usableLocators(
  locators: DictionaryLocator[],
  dictionaries: DictionaryChoice[] | undefined,
): DictionaryLocator[] {
  if (!dictionaries) return [];
  const live = new Set(dictionaries.filter((d) => !d.archived_time_unix).map((d) => d.id));
  return locators.filter((l) => live.has(l.pronunciation_dictionary_id)).slice(0, MAX_DICTIONARIES);
}
