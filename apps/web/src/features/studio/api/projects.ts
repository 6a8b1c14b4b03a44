import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectResponse } from '@vocalis/contracts/studio';

import { api, request, requestRaw } from '@/lib/api-client';
import type { DictionaryLocator } from '@/lib/pronunciation-dictionaries';

export const studioKeys = {
  all: ['studio'] as const,
  projects: ['studio', 'projects'] as const,
  limits: ['studio', 'limits'] as const,
  project: (id: string) => ['studio', 'project', id] as const,
  chapter: (projectId: string, chapterId: string) => ['studio', 'chapter', projectId, chapterId] as const,
  snapshots: (projectId: string, chapterId: string) => ['studio', 'snapshots', projectId, chapterId] as const,
};

export type StudioLimits = { projects_used: number; projects_limit: number | null; allowed_to_use_projects_api: boolean };
export type ChapterSummary = {
  chapter_id: string;
  name: string;
  state: 'default' | 'converting';
  conversion_progress: number | null;
  last_conversion_date_unix: number | null;
  last_conversion_error: string | null;
  can_be_downloaded: boolean;
  statistics: { characters_unconverted: number; characters_converted: number };
};
export type ProjectWithChapters = ProjectResponse & { chapters: ChapterSummary[] };

/** GET /v1/studio/projects. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.projects,
    queryFn: ({ signal }) => api.get<{ projects: ProjectResponse[] }>('/v1/studio/projects', { signal }),
  });
export const useProjects = () => useQuery(projectsQueryOptions());

/** GET /v1/studio/limits: the plan's project limit. */
export const useStudioLimits = () =>
  useQuery({ queryKey: studioKeys.limits, queryFn: ({ signal }) => api.get<StudioLimits>('/v1/studio/limits', { signal }) });

/** GET /v1/studio/projects/{id}. */
export const useProject = (id: string) =>
  useQuery({
    queryKey: studioKeys.project(id),
    queryFn: ({ signal }) => api.get<ProjectWithChapters>(`/v1/studio/projects/${encodeURIComponent(id)}`, { signal }),
  });

export type NewProject = {
  name: string;
  voiceId: string;
  text?: string;
  file?: File;
  url?: string;
  /** Pronunciation dictionaries, in order: each sent as a JSON form field, as the SDK does. */
  locators?: DictionaryLocator[];
};

/** POST /v1/studio/projects (multipart): blank, pasted text, a document or a web page. */
export function createProject(input: NewProject) {
  const form = new FormData();
  form.set('name', input.name);
  form.set('default_title_voice_id', input.voiceId);
  form.set('default_paragraph_voice_id', input.voiceId);
  if (input.file) form.set('from_document', input.file, input.file.name);
  else if (input.url?.trim()) form.set('from_url', input.url.trim());
  else if (input.text?.trim()) form.set('from_text', input.text);
  for (const l of input.locators ?? []) form.append('pronunciation_dictionary_locators', JSON.stringify(l));
  return request<{ project: ProjectResponse }>('/v1/studio/projects', { method: 'POST', body: form });
}

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }) });
}

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ status: 'ok' }>(`/v1/studio/projects/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

export type ProjectUpdate = {
  name: string;
  default_title_voice_id: string;
  default_paragraph_voice_id: string;
  chapters_order?: string[];
};

/** POST /v1/studio/projects/{id}: name, default voices, chapters_order. */
export function useUpdateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectUpdate) => api.post<{ project: ProjectResponse }>(`/v1/studio/projects/${encodeURIComponent(id)}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** POST /v1/studio/projects/{id}/pronunciation-dictionaries: the project's dictionaries, in order (at most three). */
export function useSetProjectDictionaries(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (locators: DictionaryLocator[]) =>
      api.post<{ status: 'ok' }>(`/v1/studio/projects/${encodeURIComponent(id)}/pronunciation-dictionaries`, {
        pronunciation_dictionary_locators: locators,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** POST .../convert: the whole project, or one chapter. */
export function useConvert(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (chapterId: string | null) =>
      api.post<{ status: 'ok' }>(
        chapterId
          ? `/v1/studio/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/convert`
          : `/v1/studio/projects/${encodeURIComponent(projectId)}/convert`,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}

/** POST .../snapshots/{id}/archive: the zip of the project snapshot's chapters, with the server's file name. */
export async function projectArchive(projectId: string, snapshotId: string): Promise<{ blob: Blob; fileName: string }> {
  const r = await requestRaw(`/v1/studio/projects/${encodeURIComponent(projectId)}/snapshots/${encodeURIComponent(snapshotId)}/archive`, { method: 'POST' });
  const name = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? 'project.zip';
  return { blob: await r.blob(), fileName: name };
}
