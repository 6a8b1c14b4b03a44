import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, requestRaw } from '@/lib/api-client';

import { studioKeys, type ChapterSummary } from './projects';

export type BlockKind = 'p' | 'h1' | 'h2' | 'h3';
export type Block = {
  block_id: string;
  sub_type: BlockKind;
  nodes: { type: 'tts_node'; text: string; voice_id: string | null; project_voice_ref_id: string }[];
  converted: boolean;
  duration_seconds: number | null;
};
export type ChapterWithContent = ChapterSummary & { block_ids_order: string[]; content: { blocks: Block[] } };
/** `kept`: the block's nodes as loaded (several voices after dialogue assignment), sent back while text and voice are unchanged. */
export type BlockDraft = {
  block_id?: string;
  sub_type: BlockKind;
  text: string;
  voice_id: string;
  kept?: { text: string; voice_id: string; nodes: { text: string; voice_id: string }[] };
};

const nodesOf = (b: BlockDraft) =>
  b.kept && b.kept.text === b.text && b.kept.voice_id === b.voice_id
    ? b.kept.nodes.map((n) => ({ type: 'tts_node', text: n.text, voice_id: n.voice_id }))
    : [{ type: 'tts_node', text: b.text, voice_id: b.voice_id }];

const base = (p: string, c?: string) =>
  `/v1/studio/projects/${encodeURIComponent(p)}/chapters${c ? `/${encodeURIComponent(c)}` : ''}`;

/** GET a chapter with its blocks. */
export const useChapter = (projectId: string, chapterId: string | null) =>
  useQuery({
    queryKey: studioKeys.chapter(projectId, chapterId ?? ''),
    queryFn: ({ signal }) => api.get<ChapterWithContent>(base(projectId, chapterId!), { signal }),
    enabled: !!chapterId,
  });

export function useChapterMutations(projectId: string) {
  const qc = useQueryClient();
  // Not awaited: a save is done when the server answers; the refetch (and live updates) follow.
  const done = () => void qc.invalidateQueries({ queryKey: studioKeys.all });
  return {
    create: useMutation({ mutationFn: (name: string) => api.post<{ chapter: ChapterWithContent }>(base(projectId), { name }), onSuccess: done }),
    rename: useMutation({
      mutationFn: (v: { chapterId: string; name: string }) => api.post(base(projectId, v.chapterId), { name: v.name }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (chapterId: string) => api.delete(base(projectId, chapterId)), onSuccess: done }),
    /** Saves the blocks in order; blocks keep their ids (and their audio while unchanged). */
    save: useMutation({
      mutationFn: (v: { chapterId: string; blocks: BlockDraft[] }) =>
        api.post(base(projectId, v.chapterId), {
          content: {
            blocks: v.blocks.map((b) => ({
              ...(b.block_id ? { block_id: b.block_id } : {}),
              sub_type: b.sub_type,
              nodes: nodesOf(b),
            })),
          },
        }),
      onSuccess: done,
    }),
  };
}

export type ChapterSnapshot = { chapter_snapshot_id: string; name: string; created_at_unix: number; audio_duration_secs: number };

export const useChapterSnapshots = (projectId: string, chapterId: string | null) =>
  useQuery({
    queryKey: studioKeys.snapshots(projectId, chapterId ?? ''),
    queryFn: ({ signal }) => api.get<{ snapshots: ChapterSnapshot[] }>(`${base(projectId, chapterId!)}/snapshots`, { signal }),
    enabled: !!chapterId,
  });

/** The snapshot's mp3 as a blob (with the session's token). */
export async function chapterSnapshotAudio(projectId: string, chapterId: string, snapshotId: string): Promise<Blob> {
  const r = await requestRaw(`${base(projectId, chapterId)}/snapshots/${encodeURIComponent(snapshotId)}/stream`, { method: 'POST', body: {} });
  return r.blob();
}

/** A converted block's audio (wav) as a blob. */
export async function blockAudio(projectId: string, chapterId: string, blockId: string): Promise<Blob> {
  return (await requestRaw(`${base(projectId, chapterId)}/blocks/${encodeURIComponent(blockId)}/audio`)).blob();
}
