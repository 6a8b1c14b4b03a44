import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  addedDictionary,
  dictionariesList,
  dictionaryWithRules,
  RuleInput,
} from '@vocalis/contracts/pronunciation-dictionaries';
import type { z } from 'zod';

import { api, request, requestRaw } from '@/lib/api-client';

export type Dictionary = z.infer<typeof dictionariesList>['pronunciation_dictionaries'][number];
export type DictionaryWithRules = z.infer<typeof dictionaryWithRules>;
export type Rule = RuleInput;

const base = '/v1/pronunciation-dictionaries';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const pronunciationKeys = {
  all: ['pronunciation-dictionaries'] as const,
  list: ['pronunciation-dictionaries', 'list'] as const,
  one: (id: string) => ['pronunciation-dictionaries', 'one', id] as const,
};

/** GET /v1/pronunciation-dictionaries (newest first, archived ones included with their archive time). */
export const useDictionaries = () =>
  useQuery({
    queryKey: pronunciationKeys.list,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof dictionariesList>>(base, { signal, params: { page_size: 100 } }),
  });

/** GET /v1/pronunciation-dictionaries/{id}: the rules of the latest version. */
export const useDictionary = (id: string | null) =>
  useQuery({
    queryKey: pronunciationKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api.get<DictionaryWithRules>(one(id!), { signal }),
  });

export type NewDictionary = { name: string; description: string } & (
  { rules: Rule[]; file?: undefined } | { file: File; rules?: undefined }
);

/** POST add-from-rules (JSON) or add-from-file (multipart PLS). */
export function useCreateDictionary() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: NewDictionary) => {
      if (n.file) {
        const form = new FormData();
        form.set('name', n.name);
        if (n.description) form.set('description', n.description);
        form.set('file', n.file, n.file.name);
        return request<z.infer<typeof addedDictionary>>(`${base}/add-from-file`, {
          method: 'POST',
          body: form,
        });
      }
      return api.post<z.infer<typeof addedDictionary>>(`${base}/add-from-rules`, {
        name: n.name,
        ...(n.description ? { description: n.description } : {}),
        rules: n.rules,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: pronunciationKeys.all }),
  });
}

/** Every change to a dictionary refreshes the list and the open dictionary. */
function useDictionaryMutation<T>(fn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: pronunciationKeys.all }),
  });
}

export const useAddRules = (id: string) =>
  useDictionaryMutation((rules: Rule[]) => api.post(`${one(id)}/add-rules`, { rules }));
export const useRemoveRules = (id: string) =>
  useDictionaryMutation((strings: string[]) =>
    api.post(`${one(id)}/remove-rules`, { rule_strings: strings }),
  );
export const useUpdateDictionary = (id: string) =>
  useDictionaryMutation((body: { name?: string; archived?: boolean }) => api.patch(one(id), body));

/** GET .../{id}/{version}/download: saves the version's PLS file through the browser. */
export async function downloadPls(id: string, versionId: string): Promise<void> {
  const response = await requestRaw(
    `${base}/${encodeURIComponent(id)}/${encodeURIComponent(versionId)}/download`,
  );
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${id}_${versionId}.pls`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
